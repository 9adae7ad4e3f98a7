import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/**
 * Takes `hearth.lock` in the data folder, or says who holds it. A lock whose owner is gone is taken over under a
 * second, short lock, so of two processes starting at once after a crash exactly one wins.
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
  for (let attempt = 0; attempt < 3; attempt++) {
    if (create()) return release;
    let takeover: number;
    try {
      takeover = openSync(takeoverPath, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Another process is judging the same lock: it wins or fails within milliseconds.
      try {
        if (Date.now() - statSync(takeoverPath).mtimeMs > TAKEOVER_STALE_MS)
          rmSync(takeoverPath, { force: true });
      } catch {}
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    try {
      // Judged again under the takeover lock: the lock may have been taken over a moment ago.
      let text = '';
      try {
        text = readFileSync(lockPath, 'utf8');
      } catch {}
      const owner = readOwner(text);
      if (owner && ownerAlive(owner)) throw onHeld(owner);
      release();
      if (create()) return release;
    } finally {
      closeSync(takeover);
      rmSync(takeoverPath, { force: true });
    }
  }
  throw onFail();
}
