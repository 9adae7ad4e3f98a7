import { and, eq, gt, lt } from 'drizzle-orm';
import { newToken } from '../lib/tokens';
import type { DbOrTx } from './client';
import { settingsDownloads } from './schema/index';

/** A prepared file stays downloadable this long. */
export const DOWNLOAD_TTL_MS = 15 * 60_000;

export interface PreparedFile {
  /** `{token}/{file name}`: the address under /storage/settings/ (PDFs use /storage/pdf/{token}.pdf). */
  file: string;
  name: string;
  size: number;
  token: string;
}

/**
 * Files built once for download (settings files, zips, checklists, recipe PDFs): kept as bytes for a few minutes,
 * answered only to the session that asked for them, so a link that leaks (a log, a shared screen) gives nothing.
 */
export function createDownloadStore(db: DbOrTx, now: () => Date = () => new Date()) {
  return {
    async keep(input: {
      userId: number;
      sessionHash: string;
      ovenId?: number | null;
      fileName: string;
      bytes: Uint8Array;
      token?: string;
    }): Promise<PreparedFile> {
      const token = input.token ?? newToken().slice(0, 32);
      await db.delete(settingsDownloads).where(lt(settingsDownloads.expiresAt, now()));
      await db.insert(settingsDownloads).values({
        token,
        userId: input.userId,
        sessionHash: input.sessionHash,
        ovenId: input.ovenId ?? null,
        fileName: input.fileName,
        bytes: Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
        size: input.bytes.byteLength,
        expiresAt: new Date(now().getTime() + DOWNLOAD_TTL_MS),
      });
      return {
        token,
        file: `${token}/${input.fileName}`,
        name: input.fileName,
        size: input.bytes.byteLength,
      };
    },

    /**
     * The bytes a token stands for, to the session that asked for them; undefined when unknown, expired, asked
     * under another name (when one is given) or by another session.
     */
    async open(
      token: string,
      sessionHash: string | null,
      fileName?: string,
    ): Promise<{ fileName: string; bytes: Buffer } | undefined> {
      if (!sessionHash) return undefined;
      const [row] = await db
        .select({
          fileName: settingsDownloads.fileName,
          bytes: settingsDownloads.bytes,
          sessionHash: settingsDownloads.sessionHash,
        })
        .from(settingsDownloads)
        .where(and(eq(settingsDownloads.token, token), gt(settingsDownloads.expiresAt, now())))
        .limit(1);
      if (!row || row.sessionHash !== sessionHash) return undefined;
      if (fileName !== undefined && row.fileName !== fileName) return undefined;
      return { fileName: row.fileName, bytes: row.bytes };
    },
  };
}

export type DownloadStore = ReturnType<typeof createDownloadStore>;
