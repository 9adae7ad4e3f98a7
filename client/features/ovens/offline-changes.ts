import type { OvenDetail } from '../../../shared/contracts/ovens';
import { kept, offlineKeys } from '../../lib/offline/store';

/** One change made while the oven could not be reached: which editor operation, with what. */
export interface WaitingChange {
  op: string;
  args: unknown[];
  at: string;
}

/** An oven's changes waiting, in order, and the oven version they were made on. */
export interface OvenWaiting {
  ovenId: number;
  ovenName: string;
  baseVersion: number;
  changes: WaitingChange[];
  /** The menu as the person sees it, with these changes: shown again after a reload, whatever the cache kept. */
  shown: OvenDetail;
}

/** Why an oven's waiting changes stopped: the oven changed meanwhile, or Hearth refused one of them. */
export type SyncTrouble =
  | { kind: 'conflict'; theirs: OvenDetail }
  | { kind: 'refused'; theirs: OvenDetail; change: WaitingChange; error: unknown }
  | { kind: 'gone' };

/** How the waiting changes reach the server: the app's calls, given by the ovens data layer. */
export interface ChangeSender {
  read(ovenId: number): Promise<OvenDetail>;
  send(
    ovenId: number,
    change: WaitingChange,
    version: number,
  ): Promise<{ version: number; oven?: OvenDetail }>;
  /** The oven as the server has it after its changes went (or a choice was made): shown everywhere. */
  saved(oven: OvenDetail): void;
  isUnreachable(error: unknown): boolean;
  isGone(error: unknown): boolean;
  isConflict(error: unknown): boolean;
}

interface Snapshot {
  waiting: ReadonlyMap<number, OvenWaiting>;
  trouble: ReadonlyMap<number, SyncTrouble>;
  sending: boolean;
  count: number;
}

const keyOf = offlineKeys.changes;

/**
 * The changes of menus made offline, kept in order in IndexedDB (per person) across reloads and restarts, and
 * sent when the network is back, each with the oven version the last one gave. An oven changed meanwhile is never
 * overwritten: its changes wait until the person has seen both menus and chosen.
 */
export class OfflineChanges {
  private userId: number | null = null;
  private waiting = new Map<number, OvenWaiting>();
  private trouble = new Map<number, SyncTrouble>();
  /** The last version the server confirmed per oven, so a change kept just after a send starts from it. */
  private confirmed = new Map<number, number>();
  private sending = false;
  private again = false;
  private listeners = new Set<() => void>();
  private snap: Snapshot = { waiting: this.waiting, trouble: this.trouble, sending: false, count: 0 };
  private opened: Promise<void> = Promise.resolve();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  snapshot = () => this.snap;

  private changed() {
    let count = 0;
    for (const w of this.waiting.values()) count += w.changes.length;
    // Nothing waits, as before (a session opened with none kept, the usual case): no screen draws again for it.
    const before = this.snap;
    const empty = this.waiting.size === 0 && this.trouble.size === 0;
    if (empty && before.waiting.size === 0 && before.trouble.size === 0 && before.sending === this.sending)
      return;
    this.snap = {
      waiting: new Map(this.waiting),
      trouble: new Map(this.trouble),
      sending: this.sending,
      count,
    };
    for (const l of this.listeners) l();
  }

  private save(): Promise<void> {
    if (this.userId === null) return Promise.resolve();
    return kept.set(keyOf(this.userId), [...this.waiting.values()]);
  }

  /** The signed-in person's waiting changes, read from the device (another person's are never read). */
  open(userId: number | null): Promise<void> {
    if (userId === this.userId) return this.opened;
    this.userId = userId;
    this.waiting = new Map();
    this.trouble = new Map();
    this.changed();
    if (userId === null) {
      this.opened = Promise.resolve();
      return this.opened;
    }
    this.opened = kept.get<OvenWaiting[]>(keyOf(userId)).then((list) => {
      if (this.userId !== userId) return;
      for (const w of list ?? []) this.waiting.set(w.ovenId, w);
      this.changed();
    });
    return this.opened;
  }

  /** The person's waiting changes have been read from the device. */
  ready(): Promise<void> {
    return this.opened;
  }

  holds(ovenId: number): boolean {
    return this.waiting.has(ovenId);
  }

  /** The menu of an oven with its waiting changes, as the person last saw it. */
  shownOf(ovenId: number): OvenDetail | undefined {
    return this.waiting.get(ovenId)?.shown;
  }

  /** Keeps one change of an oven, after the ones before it. */
  async keep(shown: OvenDetail, version: number, change: WaitingChange): Promise<void> {
    await this.opened;
    const w = this.waiting.get(shown.id) ?? {
      ovenId: shown.id,
      ovenName: shown.name,
      baseVersion: Math.max(version, this.confirmed.get(shown.id) ?? 0),
      changes: [],
      shown,
    };
    w.changes.push(change);
    w.shown = shown;
    this.waiting.set(shown.id, w);
    if (this.sending) this.again = true;
    this.changed();
    await this.save();
  }

  /** Logging out, or no longer in the team: the changes are dropped from the device. */
  async forget(): Promise<void> {
    const userId = this.userId;
    this.waiting.clear();
    this.trouble.clear();
    this.changed();
    if (userId !== null) await kept.del(keyOf(userId));
  }

  /** The person keeps the oven's menu as it is on Hearth: their waiting changes of it are dropped. */
  async discard(ovenId: number, sender: ChangeSender): Promise<void> {
    const trouble = this.trouble.get(ovenId);
    this.waiting.delete(ovenId);
    this.trouble.delete(ovenId);
    this.changed();
    await this.save();
    if (trouble && trouble.kind !== 'gone') sender.saved(trouble.theirs);
  }

  /** The person puts their changes on top of the oven's menu as it is now (the refused one left out). */
  async rebase(ovenId: number, sender: ChangeSender): Promise<void> {
    const trouble = this.trouble.get(ovenId);
    const w = this.waiting.get(ovenId);
    if (!trouble || trouble.kind === 'gone' || !w) return;
    w.baseVersion = trouble.theirs.version;
    if (trouble.kind === 'refused') w.changes.shift();
    if (w.changes.length === 0) this.waiting.delete(ovenId);
    this.trouble.delete(ovenId);
    this.changed();
    await this.save();
    if (w.changes.length === 0) sender.saved(trouble.theirs);
    else await this.flush(sender);
  }

  /** Sends every oven's waiting changes, one oven after another; stops at once when the network is gone again. */
  async flush(sender: ChangeSender): Promise<void> {
    await this.opened;
    if (this.sending) {
      this.again = true;
      return;
    }
    this.sending = true;
    this.changed();
    try {
      do {
        this.again = false;
        for (const w of [...this.waiting.values()]) {
          if (this.trouble.has(w.ovenId)) continue;
          if (!(await this.flushOven(w, sender))) return;
        }
      } while (this.again);
    } finally {
      this.sending = false;
      this.changed();
    }
  }

  /** One oven's changes; false when the network is gone. */
  private async flushOven(w: OvenWaiting, sender: ChangeSender): Promise<boolean> {
    let theirs: OvenDetail;
    try {
      theirs = await sender.read(w.ovenId);
    } catch (error) {
      if (sender.isUnreachable(error)) return false;
      if (sender.isGone(error)) this.trouble.set(w.ovenId, { kind: 'gone' });
      this.changed();
      return true;
    }
    if (theirs.version !== w.baseVersion) {
      this.trouble.set(w.ovenId, { kind: 'conflict', theirs });
      this.changed();
      return true;
    }
    let last: OvenDetail | undefined;
    while (w.changes.length > 0) {
      const change = w.changes[0]!;
      try {
        const reply = await sender.send(w.ovenId, change, w.baseVersion);
        w.baseVersion = reply.version;
        last = reply.oven;
      } catch (error) {
        if (sender.isUnreachable(error)) {
          await this.save();
          return false;
        }
        let now: OvenDetail;
        try {
          now = await sender.read(w.ovenId);
        } catch {
          return false;
        }
        this.trouble.set(
          w.ovenId,
          sender.isConflict(error)
            ? { kind: 'conflict', theirs: now }
            : { kind: 'refused', theirs: now, change, error },
        );
        await this.save();
        this.changed();
        return true;
      }
      w.changes.shift();
      this.confirmed.set(w.ovenId, w.baseVersion);
      await this.save();
      this.changed();
    }
    this.waiting.delete(w.ovenId);
    await this.save();
    this.changed();
    sender.saved(
      last && last.version === w.baseVersion ? last : await sender.read(w.ovenId).catch(() => theirs),
    );
    return true;
  }
}

/** The one list of the device's waiting changes. */
export const offlineChanges = new OfflineChanges();
