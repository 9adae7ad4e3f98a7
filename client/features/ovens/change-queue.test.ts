import { beforeAll, describe, expect, it } from 'vitest';
import { menuFromWire, menuToWire } from '../../../shared/contracts/menu-wire';
import type { OvenDetail } from '../../../shared/contracts/ovens';
import {
  buttonsOf,
  containers,
  type emptyMenu,
  type MenuRecipe,
  placeRecipe,
} from '../../../shared/domain/menu';
import { ovenModel } from '../../../shared/domain/oven-models';
import { loadRest } from '../../lib/i18n';
import { type ChangeHost, ChangeQueue, type ChangeReply } from './change-queue';

// What the domain refuses is said from the catalogue's rest, which the editor's route has loaded.
beforeAll(() => loadRest());

const TYPE = 'Matchbox 1718/1313';
const model = ovenModel(TYPE);
const pizza: MenuRecipe = { id: 7, name: 'Pizza', ovenType: TYPE };
const wings: MenuRecipe = { id: 8, name: 'Wings', ovenType: TYPE };

function oven(version: number, screens = menuToWire({ screens: [{ id: 1, buttons: [] }] })): OvenDetail {
  return {
    id: 3,
    name: 'Front',
    type: TYPE,
    location: null,
    warm_ups: [],
    version,
    created_at: '2026-11-25T00:00:00.000Z',
    updated_at: '2026-11-25T00:00:00.000Z',
    screens,
    can_undo: false,
    can_redo: false,
    last_change: null,
  };
}

/** A small change's answer: the oven's state, no menu. */
const state = (version: number) => {
  const {
    screens: _screens,
    location: _location,
    warm_ups: _warmUps,
    created_at: _created,
    ...rest
  } = oven(version);
  return { ...rest, can_undo: true };
};

/** The host as the editor's page is: what it shows, what it was told, how often it reloaded. */
function host(): ChangeHost & {
  shown: OvenDetail[];
  failures: string[];
  reloads: number;
  busyLog: boolean[];
} {
  const h = {
    shown: [] as OvenDetail[],
    failures: [] as string[],
    reloads: 0,
    busyLog: [] as boolean[],
    show: (next: OvenDetail) => void h.shown.push(next),
    reload: async () => {
      h.reloads += 1;
    },
    fail: (message: string) => void h.failures.push(message),
    busy: (b: boolean) => void h.busyLog.push(b),
  };
  return h;
}

const names = (o: OvenDetail) =>
  buttonsOf(containers(menuFromWire(o.screens, o.type))[0]!).map((b) =>
    b.kind === 'recipe' ? b.recipe.name : '',
  );
const place = (recipe: MenuRecipe, position: number) => (tree: ReturnType<typeof emptyMenu>) =>
  placeRecipe(tree, model, 1, position, recipe);

/** A server that answers each request when told to, recording the version each was sent with. */
function server() {
  const sent: number[] = [];
  const waiting: ((reply: ChangeReply) => void)[] = [];
  return {
    sent,
    send: (version: number) =>
      new Promise<ChangeReply>((resolve) => {
        sent.push(version);
        waiting.push(resolve);
      }),
    async answer(reply: ChangeReply) {
      await Promise.resolve();
      waiting.shift()!(reply);
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

describe('the editor’s change queue', () => {
  it('shows a change at once, before the server answers', () => {
    const h = host();
    const queue = new ChangeQueue(oven(1), h);
    void queue.run(place(pizza, 1), () => new Promise<ChangeReply>(() => {}));
    expect(names(h.shown.at(-1)!)).toEqual(['Pizza']);
    expect(h.busyLog).toEqual([true]);
  });

  it('two taps in one moment both show: the second builds on the first, not on a stale menu', () => {
    const h = host();
    const queue = new ChangeQueue(oven(1), h);
    void queue.run(place(pizza, 1), () => new Promise<ChangeReply>(() => {}));
    void queue.run(place(wings, 2), () => new Promise<ChangeReply>(() => {}));
    expect(names(h.shown.at(-1)!)).toEqual(['Pizza', 'Wings']);
  });

  it('sends each change with the version the previous answer gave, one after another', async () => {
    const h = host();
    const s = server();
    const queue = new ChangeQueue(oven(4), h);
    const first = queue.run(place(pizza, 1), s.send);
    const second = queue.run(place(wings, 2), s.send);
    await s.answer({ oven: state(5) });
    await s.answer({ oven: state(6) });
    await Promise.all([first, second]);
    expect(s.sent).toEqual([4, 5]);
    expect(h.shown.at(-1)!.version).toBe(6);
    // A state-only answer keeps the menu on screen (already the change's result).
    expect(names(h.shown.at(-1)!)).toEqual(['Pizza', 'Wings']);
    expect(h.busyLog).toEqual([true, true, false]);
  });

  it('a whole-oven answer (undo) replaces the menu shown, unless a later change is still on its way', async () => {
    const h = host();
    const s = server();
    const queue = new ChangeQueue(oven(1), h);
    const undone = oven(2);
    const undo = queue.run(null, s.send);
    await s.answer({ data: undone });
    await undo;
    expect(h.shown.at(-1)).toEqual(undone);

    const later = server();
    const a = queue.run(null, later.send);
    void queue.run(place(pizza, 1), later.send);
    await later.answer({ data: oven(3) });
    await a;
    // The undo's menu is not shown over the change still waiting for its answer.
    expect(names(h.shown.at(-1)!)).toEqual(['Pizza']);
  });

  it('a change the domain refuses is said at once and never sent', async () => {
    const h = host();
    let sent = 0;
    const queue = new ChangeQueue(oven(1), h);
    const result = await queue.run(place(pizza, 9), async () => {
      sent += 1;
      return { data: oven(2) };
    });
    expect(result).toBeNull();
    expect(sent).toBe(0);
    expect(h.failures).toEqual(['A main screen of a Matchbox 1718/1313 has slots 1 to 8.']);
    expect(h.busyLog).toEqual([]);
  });

  it('a change the server refuses says why and reloads the oven as the server has it', async () => {
    const h = host();
    const queue = new ChangeQueue(oven(1), h);
    const result = await queue.run(place(pizza, 1), async () => {
      throw new Error('This oven was changed in another window. It has been reloaded: try again.');
    });
    expect(result).toBeNull();
    expect(h.failures).toEqual(['This oven was changed in another window. It has been reloaded: try again.']);
    expect(h.reloads).toBe(1);
    expect(h.busyLog).toEqual([true, false]);
  });

  it('after a reload the next change is sent with the reloaded version', async () => {
    const h = host();
    const s = server();
    const queue = new ChangeQueue(oven(1), h);
    queue.sync(oven(9));
    const run = queue.run(place(pizza, 1), s.send);
    await s.answer({ oven: state(10) });
    await run;
    expect(s.sent).toEqual([9]);
  });

  it('a read of the server older than a change on its way does not take the change off the screen', async () => {
    const h = host();
    const s = server();
    const queue = new ChangeQueue(oven(4), h);
    const run = queue.run(place(pizza, 1), s.send);
    // The oven query refetched as a dialog opened, and answered the menu before the change (version 4).
    queue.sync(oven(4));
    expect(names(queue.current)).toEqual(['Pizza']);
    await s.answer({ oven: state(5) });
    await run;
    expect(names(h.shown.at(-1)!)).toEqual(['Pizza']);
    // Nor after the answer: a read older than version 5 is not the menu any more.
    queue.sync(oven(4));
    expect(names(queue.current)).toEqual(['Pizza']);
    expect(queue.current.version).toBe(5);
  });

  it('after a refusal, the reloaded oven is taken even at the same version', async () => {
    const h = host();
    const queue = new ChangeQueue(oven(4), h);
    await queue.run(place(pizza, 1), async () => {
      throw new Error('Refused.');
    });
    queue.sync(oven(4));
    expect(names(queue.current)).toEqual([]);
  });

  it('a change made offline is kept, shown, and not put back', async () => {
    const h = host();
    const kept: number[] = [];
    const queue = new ChangeQueue(oven(4), {
      ...h,
      offline: { holds: () => true, isUnreachable: () => false },
    });
    const reply = await queue.run(
      place(pizza, 1),
      () => Promise.reject(new Error('not sent')),
      async (v) => {
        kept.push(v);
      },
    );
    expect(reply).toEqual({ kept: true });
    expect(kept).toEqual([4]);
    expect(names(h.shown.at(-1)!)).toEqual(['Pizza']);
    expect(h.reloads).toBe(0);
  });

  it('a change whose request finds the server out of reach is kept in its turn, not refused', async () => {
    const h = host();
    const kept: string[] = [];
    const lost = new Error('unreachable');
    const queue = new ChangeQueue(oven(4), {
      ...h,
      offline: { holds: () => kept.length > 0, isUnreachable: (e) => e === lost },
    });
    const first = queue.run(
      place(pizza, 1),
      () => Promise.reject(lost),
      async () => void kept.push('pizza'),
    );
    const second = queue.run(
      place(wings, 2),
      () => Promise.reject(new Error('sent')),
      async () => {
        kept.push('wings');
      },
    );
    await Promise.all([first, second]);
    expect(kept).toEqual(['pizza', 'wings']);
    expect(h.failures).toEqual([]);
    expect(names(h.shown.at(-1)!)).toEqual(['Pizza', 'Wings']);
  });
});
