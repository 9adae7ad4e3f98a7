import { customType } from 'drizzle-orm/pg-core';

/** Raw bytes; PGlite gives a Uint8Array and pg a Buffer, so reads are normalized to Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
