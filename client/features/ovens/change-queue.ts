import { menuFromWire, menuToWire } from '../../../shared/contracts/menu-wire';
import type { OvenDetail, OvenState } from '../../../shared/contracts/ovens';
import type { MenuTree } from '../../../shared/domain/menu';
import type { OvenType } from '../../../shared/domain/oven-models';
import { textOf } from '../../lib/i18n';

/** What a change answers: the oven as saved (and the id of a screen or category it made), or its state only. */
export type ChangeReply = { data: OvenDetail } | { oven: OvenState };

/** The same domain operation the server will run, applied to the menu on screen. */
export type Change = (tree: MenuTree, type: OvenType) => MenuTree;

/** Where the queue shows its results: the editor's page, which keeps the oven in its query cache. */
export interface ChangeHost {
  show(next: OvenDetail): void;
  reload(): Promise<unknown>;
  fail(message: string): void;
  busy(busy: boolean): void;
  /** Where a change goes when the server cannot be reached: kept on the device, to be sent later. */
  offline?: {
    /** Changes of this oven are already waiting (or the device is offline): a new one waits after them. */
    holds(): boolean;
    isUnreachable(error: unknown): boolean;
  };
}

/** What a change kept on the device answers: it shows, and waits to be sent. */
export interface KeptReply {
  kept: true;
}

/**
 * The editor's state between taps and answers, without React: each change is shown at once, then sent after the
 * ones before it, each with the oven version the last answer gave, so a quick series of taps never trips over
 * itself. A refused change puts the menu back as the server has it and says why.
 */
export class ChangeQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;
  private version: number;
  /** A refused change asked for the oven again: the next state the page shows is taken, whatever its version. */
  private reloading = false;

  constructor(
    private shown: OvenDetail,
    private readonly host: ChangeHost,
  ) {
    this.version = shown.version;
  }

  /**
   * The page shows another oven state (a reload, a restore): taken as the base when nothing is on its way. A read
   * of the server that is older than the last answer, or as old while changes are on their way (a query that
   * refetched as a dialog opened), knows none of what the screen shows: it is not taken, or a change already on
   * screen would vanish while its state-only answer kept it saved.
   */
  sync(oven: OvenDetail): void {
    const stale =
      oven.id === this.shown.id &&
      (oven.version < this.version || (this.pending > 0 && oven.version === this.version));
    if (stale && !this.reloading) return;
    this.reloading = false;
    this.shown = oven;
    if (this.pending === 0) this.version = oven.version;
  }

  get current(): OvenDetail {
    return this.shown;
  }

  private show(next: OvenDetail): void {
    this.shown = next;
    this.host.show(next);
  }

  run<T extends ChangeReply>(
    optimistic: Change | null,
    send: (version: number) => Promise<T>,
    keep?: (version: number) => Promise<void>,
  ): Promise<T | KeptReply | null> {
    if (optimistic) {
      const before = this.shown;
      try {
        const tree = optimistic(menuFromWire(before.screens, before.type), before.type as OvenType);
        this.show({ ...before, screens: menuToWire(tree) });
      } catch (error) {
        // The domain refused it here already: nothing is sent.
        this.host.fail(textOf(error) || String(error));
        return Promise.resolve(null);
      }
    }
    this.pending += 1;
    this.host.busy(true);
    const offline = this.host.offline;
    const job = this.tail.then(async (): Promise<T | KeptReply | null> => {
      // Offline, or after changes already waiting: kept in order, the menu on screen already shows it.
      if (keep && offline?.holds()) {
        await keep(this.version);
        return { kept: true };
      }
      try {
        const reply = await send(this.version);
        if ('data' in reply) {
          this.version = reply.data.version;
          // A later change already shows on screen: its own answer will bring the final menu.
          if (this.pending === 1) this.show(reply.data);
        } else {
          // A small change answers the oven's state only: the menu on screen is already its result.
          this.version = reply.oven.version;
          this.show({ ...this.shown, ...reply.oven });
        }
        return reply;
      } catch (error) {
        if (keep && offline?.isUnreachable(error)) {
          await keep(this.version);
          return { kept: true };
        }
        this.host.fail(textOf(error) || String(error));
        // Unreachable, nothing changed on screen to put back (undo, redo): asking the server again would wait.
        if (offline?.isUnreachable(error)) return null;
        this.reloading = true;
        await this.host.reload();
        return null;
      } finally {
        this.pending -= 1;
        if (this.pending === 0) this.host.busy(false);
      }
    });
    this.tail = job;
    return job;
  }
}
