import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { currentOwner, type LockOwner, lockDataDir, parseProcStat, readOwner } from './data-dir-lock';

const held = (owner: LockOwner) => new Error(`held by ${owner.pid}`);
const failed = () => new Error('could not take it');
const take = (dir: string) => lockDataDir(dir, held, failed);
const folder = () => mkdtempSync(join(tmpdir(), 'hearth-lock-'));
const writeLock = (dir: string, owner: LockOwner | string) =>
  writeFileSync(join(dir, 'hearth.lock'), typeof owner === 'string' ? owner : JSON.stringify(owner));
const startOf = (pid: number) => parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))!.start;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});
function sleeper(): ChildProcess {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

describe('the data folder lock', () => {
  it('writes who holds it, and gives it back', () => {
    const dir = folder();
    const release = take(dir);
    const owner = readOwner(readFileSync(join(dir, 'hearth.lock'), 'utf8'))!;
    expect(owner).toEqual(currentOwner());
    expect(owner.start).toMatch(/^\d+$/);
    release();
    take(dir)();
  });

  it('takes over a lock whose process is gone', () => {
    const dir = folder();
    writeLock(dir, { pid: 2 ** 22 + 17, start: '1' });
    take(dir)();
  });

  it('refuses a lock held by a live process, naming it', () => {
    const dir = folder();
    const live = sleeper();
    writeLock(dir, { pid: live.pid!, start: startOf(live.pid!), boot: currentOwner().boot });
    expect(() => take(dir)).toThrow(`held by ${live.pid}`);
  });

  it('takes over a lock whose pid now belongs to another process (its start time differs)', () => {
    const dir = folder();
    const other = sleeper();
    writeLock(dir, { pid: other.pid!, start: '1', boot: currentOwner().boot });
    take(dir)();
  });

  it('takes over a lock of a process that was killed and not yet reaped (a zombie)', async () => {
    // `sleep 0` becomes a zombie: its parent shell turns into `sleep 30`, which never waits for it.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.push(parent);
    const pid = Number((await new Promise<Buffer>((r) => parent.stdout!.once('data', r))).toString().trim());
    for (let i = 0; i < 100 && parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.state !== 'Z'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.state).toBe('Z');
    const dir = folder();
    writeLock(dir, { pid, start: startOf(pid), boot: currentOwner().boot });
    take(dir)();
  });

  it('reads an old lock that holds only a pid', () => {
    expect(readOwner('1234\n')).toEqual({ pid: 1234 });
    const dir = folder();
    writeLock(dir, `${2 ** 22 + 19}\n`);
    take(dir)();
  });

  it('waits for a lock still being written (created empty a moment ago), then judges its owner', () => {
    const dir = folder();
    const live = sleeper();
    writeLock(dir, '');
    const owner = JSON.stringify({ pid: live.pid!, start: startOf(live.pid!), boot: currentOwner().boot });
    // The creator writes its name a moment after creating the file; the taker blocks, so another process writes.
    children.push(spawn('sh', ['-c', `sleep 0.3; printf '%s' '${owner}' > '${join(dir, 'hearth.lock')}'`]));
    expect(() => take(dir)).toThrow(`held by ${live.pid}`);
  });

  it('takes over an empty lock created long ago (its creator died before writing it)', () => {
    const dir = folder();
    writeLock(dir, '');
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'hearth.lock'), past, past);
    take(dir)();
  });

  it('clears a takeover left by a process that died inside one', () => {
    const dir = folder();
    writeLock(dir, { pid: 2 ** 22 + 29, start: '1' });
    const takeover = join(dir, 'hearth.lock.takeover');
    writeFileSync(takeover, '');
    const past = new Date(Date.now() - 60_000);
    utimesSync(takeover, past, past);
    take(dir)();
    expect(existsSync(takeover)).toBe(false);
  });

  it('of several processes taking over one stale lock at once, exactly one wins', async () => {
    const dir = folder();
    writeLock(dir, { pid: 2 ** 22 + 23, start: '1' });
    const script = `import { lockDataDir } from ${JSON.stringify(new URL('./data-dir-lock.ts', import.meta.url).pathname)};
      try { lockDataDir(process.argv[1], () => new Error('held'), () => new Error('failed')); console.log('won'); }
      catch (e) { console.log(e.message); }
      setTimeout(() => {}, 1500);`;
    const race = () =>
      new Promise<string>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        children.push(child);
        child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
      });
    // Four on two cores: the losers wait on each other's takeover, and must still end with 'held', not 'failed'.
    const outcomes = (await Promise.all([race(), race(), race(), race()])).sort();
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(3);
  }, 30_000);
});
