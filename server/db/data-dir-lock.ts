import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fstatSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/** Who holds a data folder: the pid, and (where /proc exists) when that process started and on which boot. */
export interface LockOwner {
  pid: number;
  /** Field 22 of /proc/<pid>/stat: clock ticks after boot; with the boot id it names one process for good. */
  start?: string;
  boot?: string;
}

const PROC = existsSync('/proc/self/stat');

/** State and start time of a process from /proc (the name in brackets may hold spaces or brackets). */
export function parseProcStat(line: string): { state: string; start: string } | null {
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  return fields.length > 19 ? { state: fields[0]!, start: fields[19]! } : null;
}

function procStat(pid: number): { state: string; start: string } | null {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

export function currentOwner(): LockOwner {
  return { pid: process.pid, start: PROC ? procStat(process.pid)?.start : undefined, boot: bootId() };
}

/** A lock file's owner: JSON since this format, a bare pid before it. */
export function readOwner(text: string): LockOwner | null {
  try {
    const parsed = JSON.parse(text) as LockOwner | number;
    if (typeof parsed === 'number') return Number.isInteger(parsed) && parsed > 0 ? { pid: parsed } : null;
    return Number.isInteger(parsed?.pid) && parsed.pid > 0 ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * True while the process that wrote the lock still runs. A zombie or dying process (killed, not yet reaped) no
 * longer holds anything; a pid used again by another process (after a reboot, or a long time) is told apart by
 * its start time and the boot id.
 */
export function ownerAlive(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return false;
  if (!PROC) {
    try {
      process.kill(owner.pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  const stat = procStat(owner.pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X' || stat.state === 'x') return false;
  const boot = bootId();
  if (owner.boot && boot && owner.boot !== boot) return false;
  if (owner.start && owner.start !== stat.start) return false;
  return true;
}

/** A takeover left by a process that died inside it (it lasts milliseconds) is cleared after this. */
const TAKEOVER_STALE_MS = 10_000;
/** A lock this young with no owner in it is being written (its creator is between open and write), not stale. */
const WRITING_MS = 2_000;

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The lock's text and age, or null when there is none. */
function readLock(path: string): { text: string; ageMs: number } | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return { text: readFileSync(fd, 'utf8'), ageMs: Date.now() - fstatSync(fd).mtimeMs };
  } finally {
    closeSync(fd);
  }
}

/**
 * Removes a takeover left by a process that died inside it. Renamed aside before it is judged again: removing by
 * name after a look could remove a fresh one that another process made in between (that one is put back).
 */
function clearStaleTakeover(path: string): void {
  const stale = (p: string) => Date.now() - statSync(p).mtimeMs > TAKEOVER_STALE_MS;
  const aside = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  try {
    if (!stale(path)) return;
    renameSync(path, aside);
  } catch {
    return;
  }
  try {
    if (!stale(aside)) renameSync(aside, path);
  } finally {
    rmSync(aside, { force: true });
  }
}

/**
 * Takes `hearth.lock` in the data folder, or says who holds it. A lock whose owner is gone is taken over under a
 * second, short lock, so of processes starting at once after a crash exactly one wins.
 */
export function lockDataDir(
  dataDir: string,
  onHeld: (owner: LockOwner) => Error,
  onFail: () => Error,
): () => void {
  const lockPath = join(dataDir, 'hearth.lock');
  const takeoverPath = `${lockPath}.takeover`;
  const me = currentOwner();
  const create = (): boolean => {
    try {
      const fd = openSync(lockPath, 'wx');
      writeFileSync(fd, `${JSON.stringify(me)}\n`);
      closeSync(fd);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return false;
    }
  };
  const release = () => rmSync(lockPath, { force: true });
  // Waiting for another process (its takeover, its write) is bounded by time, not by tries: several starting at
  // once on a busy machine must end with "in use", not with "could not take the lock".
  const deadline = Date.now() + TAKEOVER_STALE_MS + WRITING_MS + 3_000;
  for (let judged = 0; judged < 3 && Date.now() < deadline; ) {
    if (create()) return release;
    let takeover: number;
    try {
      takeover = openSync(takeoverPath, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Another process is judging the same lock: it wins or fails within milliseconds.
      clearStaleTakeover(takeoverPath);
      pause(50);
      continue;
    }
    let beingWritten = false;
    try {
      // Judged again under the takeover lock: the lock may have been taken over a moment ago.
      const lock = readLock(lockPath);
      const owner = lock && readOwner(lock.text);
      if (owner && ownerAlive(owner)) throw onHeld(owner);
      beingWritten = lock !== null && owner === null && lock.ageMs < WRITING_MS;
      if (!beingWritten) {
        judged++;
        release();
        if (create()) return release;
      }
    } finally {
      closeSync(takeover);
      rmSync(takeoverPath, { force: true });
    }
    if (beingWritten) pause(50);
  }
  throw onFail();
}
