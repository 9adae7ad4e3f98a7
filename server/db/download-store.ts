import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { said } from '../../shared/i18n/said';
import { ConflictError, ForbiddenError } from '../lib/errors';
import { newToken } from '../lib/tokens';
import type { DbOrTx } from './client';
import { settingsDownloadParts, settingsDownloads } from './schema/index';

/** A team's file prepared for someone removed from the team since. */
export const NO_LONGER_A_MEMBER = said('ruleMessages.noLongerMember');

/** A prepared file stays downloadable this long. */
export const DOWNLOAD_TTL_MS = 15 * 60_000;
/** How often a download of a zip still being built looks for its next part. */
const PART_POLL_MS = 50;
/** Parts read in one statement: a few ovens' files, never a whole zip. */
const PARTS_A_READ = 4;
/**
 * A zip that has had no new part for this long is taken for abandoned (its process died; the job runner fails its
 * job after the same lease), and its download is cut off instead of waiting for ever.
 */
export const PART_STALL_MS = 60_000;

/** What a download token opens: a file's bytes, or a zip's parts in order, streamed while it is still being built. */
export type OpenedFile =
  | { fileName: string; bytes: Buffer }
  | { fileName: string; parts: AsyncIterable<Buffer>; size: number | null };

/** A zip's download ended before its last part: the build failed or stopped (409 when nothing was sent yet). */
export class UnfinishedDownload extends ConflictError {
  constructor() {
    super(said('ruleMessages.zipUnfinished'));
  }
}

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
      /** The team whose things the file holds (none for the library's). */
      teamId: number | null;
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
        teamId: input.teamId,
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
     * A zip to be written in parts: its address exists from the start, so its download can begin while it is built.
     * Answers the address; the parts follow with `appendPart`, and `complete` (or `discard`) ends it.
     */
    async start(input: {
      userId: number;
      sessionHash: string;
      teamId: number | null;
      fileName: string;
      token?: string;
    }) {
      const token = input.token ?? newToken().slice(0, 32);
      await db.delete(settingsDownloads).where(lt(settingsDownloads.expiresAt, now()));
      await db
        .insert(settingsDownloads)
        .values({
          token,
          userId: input.userId,
          sessionHash: input.sessionHash,
          teamId: input.teamId,
          fileName: input.fileName,
          bytes: null,
          complete: false,
          size: 0,
          expiresAt: new Date(now().getTime() + DOWNLOAD_TTL_MS),
        })
        .onConflictDoNothing();
      return { token, file: `${token}/${input.fileName}`, name: input.fileName };
    },

    async appendPart(token: string, seq: number, bytes: Uint8Array): Promise<void> {
      await db
        .insert(settingsDownloadParts)
        .values({ token, seq, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    },

    /** The zip's last part is written: its size is known and its download ends after that part. */
    async complete(token: string, size: number): Promise<void> {
      await db
        .update(settingsDownloads)
        .set({ complete: true, size })
        .where(eq(settingsDownloads.token, token));
    },

    /** A zip that failed: it and its parts are gone, and a download streaming it is cut off. */
    async discard(token: string): Promise<void> {
      await db.delete(settingsDownloads).where(eq(settingsDownloads.token, token));
    },

    /**
     * What a token stands for, to the session that asked for it: a file's bytes, or a zip's parts; undefined when
     * unknown, expired, asked under another name (when one is given) or by another session.
     */
    async open(
      token: string,
      sessionHash: string | null,
      fileName?: string,
    ): Promise<OpenedFile | undefined> {
      if (!sessionHash) return undefined;
      const [row] = await db
        .select({
          fileName: settingsDownloads.fileName,
          bytes: settingsDownloads.bytes,
          complete: settingsDownloads.complete,
          size: settingsDownloads.size,
          sessionHash: settingsDownloads.sessionHash,
          // Whether its user may still fetch it: a member of its team now (removed since, a team's file is theirs no more).
          // Named in full: drizzle leaves a one-table select's columns unqualified, which the subquery would take
          // for its own.
          member: sql<boolean>`settings_downloads.team_id is null or exists (select 1 from team_members m
            where m.team_id = settings_downloads.team_id and m.user_id = settings_downloads.user_id)`,
        })
        .from(settingsDownloads)
        .where(and(eq(settingsDownloads.token, token), gt(settingsDownloads.expiresAt, now())))
        .limit(1);
      if (!row || row.sessionHash !== sessionHash) return undefined;
      if (fileName !== undefined && row.fileName !== fileName) return undefined;
      if (!row.member) throw new ForbiddenError(NO_LONGER_A_MEMBER);
      if (row.bytes) return { fileName: row.fileName, bytes: row.bytes };
      return { fileName: row.fileName, parts: partsOf(token), size: row.complete ? row.size : null };
    },
  };

  /**
   * A zip's parts in order, a few a statement; while it is being built, waits for the next. Throws
   * UnfinishedDownload when the zip was discarded or stalled, so the response is cut off rather than ended as if
   * whole.
   */
  async function* partsOf(token: string): AsyncGenerator<Buffer> {
    let next = 0;
    let finished = false;
    let lastPartAt = Date.now();
    for (;;) {
      const rows = await db
        .select({ seq: settingsDownloadParts.seq, bytes: settingsDownloadParts.bytes })
        .from(settingsDownloadParts)
        .where(and(eq(settingsDownloadParts.token, token), gte(settingsDownloadParts.seq, next)))
        .orderBy(asc(settingsDownloadParts.seq))
        .limit(PARTS_A_READ);
      for (const row of rows) {
        if (row.seq !== next) throw new UnfinishedDownload();
        next++;
        yield row.bytes;
      }
      if (rows.length > 0) {
        lastPartAt = Date.now();
        continue;
      }
      // Parts are written before the zip is marked complete: once it is, one more read finds any last ones.
      if (finished) return;
      const [state] = await db
        .select({ complete: settingsDownloads.complete })
        .from(settingsDownloads)
        .where(eq(settingsDownloads.token, token));
      if (!state) throw new UnfinishedDownload();
      if (state.complete) {
        finished = true;
        continue;
      }
      if (Date.now() - lastPartAt > PART_STALL_MS) throw new UnfinishedDownload();
      await sleep(PART_POLL_MS);
    }
  }
}

export type DownloadStore = ReturnType<typeof createDownloadStore>;
