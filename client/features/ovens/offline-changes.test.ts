import { describe, expect, it } from 'vitest';
import type { OvenDetail } from '../../../shared/contracts/ovens';
import { type ChangeSender, OfflineChanges, type WaitingChange } from './offline-changes';

const oven = (version: number): OvenDetail => ({
  id: 3,
  name: 'Front',
  type: 'Matchbox 1718/1313',
  location: null,
  warm_ups: [],
  version,
  created_at: '2026-11-25T00:00:00.000Z',
  updated_at: '2026-11-25T00:00:00.000Z',
  screens: [],
  can_undo: false,
  can_redo: false,
  last_change: null,
});
const change = (name: string): WaitingChange => ({ op: 'removeButton', args: [name], at: '' });

class Refused extends Error {
  constructor(readonly status: number) {
    super(`refused ${status}`);
  }
}

/** A server holding one oven: each change sent on the right version moves it on; what was sent, in order. */
function server(version: number, refuse: (c: WaitingChange) => number | null = () => null) {
  const state = { version, sent: [] as string[], shown: [] as number[], reachable: true };
  const sender: ChangeSender = {
    read: async () => {
      if (!state.reachable) throw new Refused(0);
      return oven(state.version);
    },
    send: async (_id, c, v) => {
      if (!state.reachable) throw new Refused(0);
      if (v !== state.version) throw new Refused(409);
      const status = refuse(c);
      if (status) throw new Refused(status);
      state.sent.push(String(c.args[0]));
      state.version += 1;
      return { version: state.version };
    },
    saved: (o) => void state.shown.push(o.version),
    isUnreachable: (e) => e instanceof Refused && e.status === 0,
    isGone: (e) => e instanceof Refused && e.status === 404,
    isConflict: (e) => e instanceof Refused && e.status === 409,
  };
  return { state, sender };
}

async function keptOn(version: number, ...names: string[]) {
  const changes = new OfflineChanges();
  await changes.open(1);
  for (const name of names) await changes.keep(oven(version), version, change(name));
  return changes;
}

describe('menu changes made offline', () => {
  it('are sent in order when the network is back, each on the version the last one gave', async () => {
    const changes = await keptOn(4, 'Pizza', 'Wings', 'Salad');
    expect(changes.snapshot().count).toBe(3);
    const { state, sender } = server(4);
    await changes.flush(sender);
    expect(state.sent).toEqual(['Pizza', 'Wings', 'Salad']);
    expect(changes.snapshot().count).toBe(0);
    expect(state.shown).toEqual([7]);
  });

  it('never overwrite a menu changed meanwhile: they wait, and both menus are there to see', async () => {
    const changes = await keptOn(4, 'Pizza');
    const { state, sender } = server(6);
    await changes.flush(sender);
    expect(state.sent).toEqual([]);
    const trouble = changes.snapshot().trouble.get(3);
    expect(trouble).toMatchObject({ kind: 'conflict', theirs: { version: 6 } });
    expect(changes.shownOf(3)?.version).toBe(4);
  });

  it('go on top of the newer menu when the person says so', async () => {
    const changes = await keptOn(4, 'Pizza', 'Wings');
    const { state, sender } = server(6);
    await changes.flush(sender);
    await changes.rebase(3, sender);
    expect(state.sent).toEqual(['Pizza', 'Wings']);
    expect(changes.snapshot().count).toBe(0);
  });

  it('are dropped, and the menu on Hearth shown, when the person keeps it', async () => {
    const changes = await keptOn(4, 'Pizza');
    const { state, sender } = server(6);
    await changes.flush(sender);
    await changes.discard(3, sender);
    expect(state.sent).toEqual([]);
    expect(changes.snapshot().count).toBe(0);
    expect(state.shown).toEqual([6]);
  });

  it('stop at one Hearth refuses, which can be left out for the rest to go', async () => {
    const changes = await keptOn(4, 'Pizza', 'Gone', 'Wings');
    const { state, sender } = server(4, (c) => (c.args[0] === 'Gone' ? 422 : null));
    await changes.flush(sender);
    expect(state.sent).toEqual(['Pizza']);
    expect(changes.snapshot().trouble.get(3)).toMatchObject({ kind: 'refused', change: { args: ['Gone'] } });
    await changes.rebase(3, sender);
    expect(state.sent).toEqual(['Pizza', 'Wings']);
    expect(changes.snapshot().count).toBe(0);
  });

  it('keep the rest in order when the network goes again half-way', async () => {
    const changes = await keptOn(4, 'Pizza', 'Wings');
    const { state, sender } = server(4);
    const send = sender.send;
    sender.send = async (id, c, v) => {
      const reply = await send(id, c, v);
      state.reachable = false;
      return reply;
    };
    await changes.flush(sender);
    expect(state.sent).toEqual(['Pizza']);
    expect(changes.snapshot().count).toBe(1);
    expect(changes.snapshot().trouble.size).toBe(0);
    state.reachable = true;
    sender.send = send;
    await changes.flush(sender);
    expect(state.sent).toEqual(['Pizza', 'Wings']);
  });

  it('of one person are not another’s: a new sign-in starts empty', async () => {
    const changes = await keptOn(4, 'Pizza');
    await changes.open(2);
    expect(changes.snapshot().count).toBe(0);
  });

  it('draw nothing again when a session opens with none kept: the first screen is drawn once', async () => {
    const changes = new OfflineChanges();
    let told = 0;
    changes.subscribe(() => {
      told += 1;
    });
    const before = changes.snapshot();
    await changes.open(1);
    expect(told).toBe(0);
    expect(changes.snapshot()).toBe(before);
  });
});
