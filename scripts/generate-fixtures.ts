/** Writes the golden settings files (one per oven model) from the deterministic examples. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXAMPLE_TYPES, exampleSettings } from '../shared/domain/settings-file/examples';
import { goldenFileName } from '../shared/domain/settings-file/golden';
import { serializeSettings } from '../shared/domain/settings-file/serialize';

const dir = fileURLToPath(new URL('../shared/domain/settings-file/fixtures/', import.meta.url));
for (const type of EXAMPLE_TYPES) {
  const name = goldenFileName(type);
  writeFileSync(dir + name, serializeSettings(exampleSettings(type)));
  console.log(`wrote ${name}`);
}
