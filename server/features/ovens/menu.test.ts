import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ButtonItem, ScreenItem } from '../../../shared/contracts/menus';
import type { OvenDetail } from '../../../shared/contracts/ovens';
import type { OvenType } from '../../../shared/domain/oven-models';
import { menuButtons, menuCategories, menuScreens } from '../../db/schema/index';
import { createOven, createRecipe, createUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
type Signed = Awaited<ReturnType<typeof createUser>> & { token: string };
let cook: Signed;
let other: Signed;

async function signedIn(role: 'admin' | 'other' = 'other'): Promise<Signed> {
  const user = await createUser(ctx.db, { role });
  const res = await ctx.api('POST', '/api/login', { username: user.username, password: user.password });
  return { ...user, token: res.json<{ token: string }>().token };
}

beforeAll(async () => {
  ctx = await createTestContext();
  cook = await signedIn();
  other = await signedIn();
});
afterAll(() => ctx?.close());

const as = (user: Signed) => ({ token: user.token });
const data = (res: { json<T>(): T }) => res.json<{ data: OvenDetail }>().data;
const errorsOf = (res: { json<T>(): T }) => res.json<{ errors: Record<string, string[]> }>().errors;

/** The oven as its owner sees it now. */
async function read(ovenId: number, user = cook): Promise<OvenDetail> {
  return data(await ctx.api('GET', `/api/ovens/${ovenId}`, undefined, as(user)));
}
const content = (o: OvenDetail, screen = 0) => o.screens[screen]!.screen_content;
const slots = (items: ButtonItem[]) => items.map((b) => `${b.position}:${b.buttonable_name}`);
const categoryButton = (o: OvenDetail, screen = 0) => content(o, screen).find((b) => b.type === 'category')!;
const page = (o: OvenDetail, index = 0, screen = 0): ScreenItem =>
  categoryButton(o, screen).data!.pages[index]!;

async function recipesOf(owner: Signed, n: number, type: OvenType = 'Matchbox 1718/1313') {
  const list = [];
  for (let i = 0; i < n; i++)
    list.push(await createRecipe(ctx.db, { ownerId: owner.id, oven_type: type, name: `Dish ${i + 1}` }));
  return list;
}
function addButton(screenId: number, position: number, recipeId: number, user = cook) {
  return ctx.api(
    'POST',
    '/api/buttons',
    { position, screen_id: screenId, buttonable_id: recipeId, buttonable_type: 'Recipe' },
    as(user),
  );
}
function move(ovenId: number, body: Record<string, unknown>, user = cook) {
  return ctx.api('PUT', `/api/ovens/button-position/${ovenId}`, body, as(user));
}

describe('screens and pages', () => {
  it('adds main screens up to 8 on a grid oven, and answers the new screen id', async () => {
    const o = await createOven(ctx.db, cook.id);
    let last: { statusCode: number; json<T>(): T } | undefined;
    for (let i = 2; i <= 8; i++)
      last = await ctx.api('POST', '/api/screens', { type: 'main', oven_id: o.id }, as(cook));
    expect(last!.statusCode).toBe(201);
    const eight = last!.json<{ data: OvenDetail; screen_id: number }>();
    expect(eight.data.screens).toHaveLength(8);
    expect(eight.screen_id).toBe(eight.data.screens[7]!.screen_id);
    const ninth = await ctx.api('POST', '/api/screens', { type: 'main', oven_id: o.id }, as(cook));
    expect(ninth.statusCode).toBe(422);
    expect(errorsOf(ninth)).toEqual({ type: ['A Matchbox 1718/1313 has at most 8 screens.'] });
  });

  it('a MiLO keeps its one main screen', async () => {
    const o = await createOven(ctx.db, cook.id, { type: 'MiLO/Double MiLO' });
    const res = await ctx.api('POST', '/api/screens', { type: 'main', oven_id: o.id }, as(cook));
    expect(errorsOf(res)).toEqual({ type: ['A MiLO/Double MiLO has one main screen.'] });
  });

  it('adds pages to a category up to 22, and refuses pages on a MiLO', async () => {
    const o = await createOven(ctx.db, cook.id);
    const made = await ctx.api(
      'POST',
      '/api/categories',
      { name: 'Sides', oven_id: o.id, screen_id: o.screenId },
      as(cook),
    );
    const categoryId = made.json<{ category_id: number }>().category_id;
    for (let i = 2; i <= 22; i++) {
      const res = await ctx.api(
        'POST',
        '/api/screens',
        { type: 'page', oven_id: o.id, category_id: categoryId },
        as(cook),
      );
      expect(res.statusCode).toBe(201);
    }
    expect(categoryButton(await read(o.id)).data!.pages).toHaveLength(22);
    const more = await ctx.api(
      'POST',
      '/api/screens',
      { type: 'page', oven_id: o.id, category_id: categoryId },
      as(cook),
    );
    expect(errorsOf(more)).toEqual({ category_id: ['A category has at most 22 pages.'] });

    const milo = await createOven(ctx.db, cook.id, { type: 'MiLO/Double MiLO' });
    const cat = await ctx.api(
      'POST',
      '/api/categories',
      { name: 'Pizza', oven_id: milo.id, screen_id: milo.screenId },
      as(cook),
    );
    const none = await ctx.api(
      'POST',
      '/api/screens',
      { type: 'page', oven_id: milo.id, category_id: cat.json<{ category_id: number }>().category_id },
      as(cook),
    );
    expect(errorsOf(none)).toEqual({
      category_id: ['A MiLO/Double MiLO category is one list: it has no pages to add.'],
    });
  });

  it('deleting a screen takes its buttons, categories and pages; the last screen stays', async () => {
    const o = await createOven(ctx.db, cook.id);
    const [r] = await recipesOf(cook, 1);
    const two = await ctx.api('POST', '/api/screens', { type: 'main', oven_id: o.id }, as(cook));
    const second = two.json<{ screen_id: number }>().screen_id;
    const cat = await ctx.api(
      'POST',
      '/api/categories',
      { name: 'Sides', oven_id: o.id, screen_id: second },
      as(cook),
    );
    await addButton(page(data(cat), 0, 1).screen_id, 1, r!.id);
    const res = await ctx.api('DELETE', `/api/screens/${second}`, undefined, as(cook));
    expect(res.json()).toMatchObject({
      oven: { last_change: { summary: 'Deleted screen 2 and its 1 button' } },
    });
    expect((await read(o.id)).screens).toHaveLength(1);
    expect(await ctx.db.select().from(menuCategories).where(eq(menuCategories.ovenId, o.id))).toEqual([]);
    expect(await ctx.db.select().from(menuButtons).where(eq(menuButtons.ovenId, o.id))).toEqual([]);
    const last = await ctx.api('DELETE', `/api/screens/${o.screenId}`, undefined, as(cook));
    expect(last.json()).toMatchObject({ errors: { id: ['An oven keeps at least one screen.'] } });
  });
});

describe('buttons', () => {
  it("puts the user's own and the library's recipes in slots", async () => {
    const o = await createOven(ctx.db, cook.id);
    const [mine] = await recipesOf(cook, 1);
    const library = await createRecipe(ctx.db, { ownerId: null, name: 'Library Pie' });
    await addButton(o.screenId, 5, mine!.id);
    const res = await addButton(o.screenId, 1, library.id);
    expect(res.statusCode).toBe(201);
    expect(slots(content(data(res)))).toEqual(['1:Library Pie', '5:Dish 1']);
  });

  it.each([
    ['taken slot', 1, 'position', 'Slot 1 is taken.'],
    ['slot past the screen', 9, 'position', 'A main screen of a Matchbox 1718/1313 has slots 1 to 8.'],
  ])('refuses a %s', async (_what, position, field, message) => {
    const o = await createOven(ctx.db, cook.id);
    const [a, b] = await recipesOf(cook, 2);
    await addButton(o.screenId, 1, a!.id);
    const res = await addButton(o.screenId, position, b!.id);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ [field]: [message] });
  });

  it("refuses another user's recipe and a recipe of another oven type", async () => {
    const o = await createOven(ctx.db, cook.id);
    const [theirs] = await recipesOf(other, 1);
    const [misa] = await recipesOf(cook, 1, 'MiSA');
    expect(errorsOf(await addButton(o.screenId, 1, theirs!.id))).toEqual({
      buttonable_id: ['There is no such recipe among your team’s or the library.'],
    });
    expect(errorsOf(await addButton(o.screenId, 1, misa!.id))).toEqual({
      buttonable_id: ['"Dish 1" is a MiSA recipe; this oven is a Matchbox 1718/1313.'],
    });
  });

  it('changes one thing at a time: colour, icon, favourite, recipe', async () => {
    const o = await createOven(ctx.db, cook.id);
    const [a, b] = await recipesOf(cook, 2);
    const made = await addButton(o.screenId, 1, a!.id);
    const id = content(data(made))[0]!.id;
    const put = async (body: object) => {
      const res = await ctx.api('PUT', `/api/buttons/${id}`, body, as(cook));
      expect(res.statusCode).toBe(200);
      return content(await read(o.id))[0];
    };
    expect(await put({ background_color: 'PARCHMENT' })).toMatchObject({ background_color: 'PARCHMENT' });
    expect(await put({ icon: 'ICON_FRIES' })).toMatchObject({ icon: 'ICON_FRIES' });
    expect(await put({ is_favorite: true })).toMatchObject({ is_favorite: true });
    expect(await put({ buttonable_id: b!.id })).toMatchObject({ buttonable_name: 'Dish 2' });
    const raw = (body: object) => ctx.api('PUT', `/api/buttons/${id}`, body, as(cook));
    expect((await raw({ icon: 'ICON_PIZZA', is_favorite: false })).statusCode).toBe(422);
    expect(errorsOf(await raw({ background_color: 'PINK' })).background_color?.[0]).toMatch(
      /^Choose one of ORANGE_900/,
    );
  });

  it('the trash empties a grid slot, and closes the gap of a MiLO list', async () => {
    const grid = await createOven(ctx.db, cook.id);
    const [a, b] = await recipesOf(cook, 2);
    await addButton(grid.screenId, 1, a!.id);
    const made = await addButton(grid.screenId, 2, b!.id);
    await ctx.api('DELETE', `/api/buttons/${content(data(made))[0]!.id}`, undefined, as(cook));
    expect(slots(content(await read(grid.id)))).toEqual(['2:Dish 2']);

    const milo = await createOven(ctx.db, cook.id, { type: 'MiLO/Double MiLO' });
    const dishes = await recipesOf(cook, 3, 'MiLO/Double MiLO');
    let last = await addButton(milo.screenId, 1, dishes[0]!.id);
    for (const d of dishes.slice(1)) last = await addButton(milo.screenId, 99, d.id);
    const first = content(data(last))[0]!.id;
    await ctx.api('DELETE', `/api/buttons/${first}`, undefined, as(cook));
    expect(slots(content(await read(milo.id)))).toEqual(['1:Dish 2', '2:Dish 3']);
  });
});

describe('categories', () => {
  it('are created in the first free slot, renamed and given a picture', async () => {
    const o = await createOven(ctx.db, cook.id);
    const [a] = await recipesOf(cook, 1);
    await addButton(o.screenId, 1, a!.id);
    const made = await ctx.api(
      'POST',
      '/api/categories',
      { name: 'Sides', oven_id: o.id, screen_id: o.screenId },
      as(cook),
    );
    expect(made.statusCode).toBe(201);
    const category = categoryButton(data(made));
    expect(category).toMatchObject({ position: 2, buttonable_name: 'Sides', recipes: 0 });
    const renamed = await ctx.api(
      'PUT',
      `/api/categories/${category.data!.category_id}`,
      { name: 'Hot Sides', icon: 'ICON_FRIES' },
      as(cook),
    );
    expect(renamed.json()).toMatchObject({
      oven: {
        last_change: {
          summary: 'Renamed category Sides to Hot Sides; Gave category Hot Sides the Fries picture',
        },
      },
    });
    expect(categoryButton(await read(o.id))).toMatchObject({
      buttonable_name: 'Hot Sides',
      icon: 'ICON_FRIES',
    });
  });

  it('answers the id of the category it created when another already has that name', async () => {
    const o = await createOven(ctx.db, cook.id);
    const create = () =>
      ctx.api('POST', '/api/categories', { name: 'Sides', oven_id: o.id, screen_id: o.screenId }, as(cook));
    const first = (await create()).json<{ category_id: number }>().category_id;
    const second = await create();
    const secondId = second.json<{ category_id: number }>().category_id;
    expect(secondId).not.toBe(first);
    const atSlot2 = content(data(second)).find((b) => b.position === 2)!;
    expect(atSlot2.data!.category_id).toBe(secondId);
  });

  it.each([
    [
      { name: 'Snacks & Sides' },
      'name',
      'Please enter a valid category name: up to 16 letters, numbers, hyphens or spaces. "&" cannot be shown on the oven.',
    ],
    [
      { name: 'X'.repeat(17) },
      'name',
      'Please enter a valid category name: up to 16 letters, numbers, hyphens or spaces.',
    ],
  ])('refuses %j', async (patch, field, message) => {
    const o = await createOven(ctx.db, cook.id);
    const res = await ctx.api(
      'POST',
      '/api/categories',
      { oven_id: o.id, screen_id: o.screenId, ...patch },
      as(cook),
    );
    expect(errorsOf(res)).toEqual({ [field]: [message] });
  });

  it('a MiLO takes 32 categories and refuses the 33rd', async () => {
    const o = await createOven(ctx.db, cook.id, { type: 'MiLO/Double MiLO' });
    for (let i = 1; i <= 32; i++) {
      const res = await ctx.api(
        'POST',
        '/api/categories',
        { name: `Cat ${i}`, oven_id: o.id, screen_id: o.screenId },
        as(cook),
      );
      expect(res.statusCode).toBe(201);
    }
    const res = await ctx.api(
      'POST',
      '/api/categories',
      { name: 'One more', oven_id: o.id, screen_id: o.screenId },
      as(cook),
    );
    expect(errorsOf(res)).toEqual({ name: ['A MiLO/Double MiLO has at most 32 categories.'] });
  });
});

describe('PUT /api/ovens/button-position/{ovenId}', () => {
  async function menu() {
    const o = await createOven(ctx.db, cook.id);
    const [a, b] = await recipesOf(cook, 2);
    await addButton(o.screenId, 1, a!.id);
    await addButton(o.screenId, 2, b!.id);
    const two = await ctx.api('POST', '/api/screens', { type: 'main', oven_id: o.id }, as(cook));
    const cat = await ctx.api(
      'POST',
      '/api/categories',
      { name: 'Sides', oven_id: o.id, screen_id: o.screenId, position: 3 },
      as(cook),
    );
    return { o, second: two.json<{ screen_id: number }>().screen_id, detail: data(cat) };
  }

  it('moves into an empty slot, answering the screen and the oven', async () => {
    const { o } = await menu();
    const res = await move(o.id, { screen_id: o.screenId, current_position: 1, new_position: 8 });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ screen: ScreenItem; oven: OvenDetail }>();
    expect(slots(body.screen.screen_content)).toEqual(['2:Dish 2', '3:Sides', '8:Dish 1']);
    expect(body.oven.last_change?.summary).toBe('Moved Dish 1 from screen 1, slot 1 to slot 8');
  });

  it('onto a taken slot: the two change places', async () => {
    const { o } = await menu();
    const res = await move(o.id, { screen_id: o.screenId, current_position: 1, new_position: 2 });
    expect(slots(res.json<{ screen: ScreenItem }>().screen.screen_content)).toEqual([
      '1:Dish 2',
      '2:Dish 1',
      '3:Sides',
    ]);
  });

  it('to another screen, and into a category page', async () => {
    const { o, second, detail } = await menu();
    await move(o.id, { screen_id: o.screenId, current_position: 1, new_position: 4, new_screen_id: second });
    const pageId = page(detail).screen_id;
    await move(o.id, { screen_id: o.screenId, current_position: 2, new_position: 1, new_screen_id: pageId });
    const now = await read(o.id);
    expect(slots(content(now))).toEqual(['3:Sides']);
    expect(slots(content(now, 1))).toEqual(['4:Dish 1']);
    expect(slots(page(now).screen_content)).toEqual(['1:Dish 2']);
  });

  it('refuses a category into a page, a slot past the screen, and an empty slot', async () => {
    const { o, detail } = await menu();
    const pageId = page(detail).screen_id;
    expect(
      errorsOf(
        await move(o.id, {
          screen_id: o.screenId,
          current_position: 3,
          new_position: 1,
          new_screen_id: pageId,
        }),
      ),
    ).toEqual({
      new_screen_id: ['A category cannot go inside another category.'],
    });
    expect(
      errorsOf(await move(o.id, { screen_id: o.screenId, current_position: 1, new_position: 9 })),
    ).toEqual({
      new_position: ['A main screen of a Matchbox 1718/1313 has slots 1 to 8.'],
    });
    expect(
      errorsOf(await move(o.id, { screen_id: o.screenId, current_position: 1, new_position: 100_000 })),
    ).toEqual({
      new_position: ['A main screen of a Matchbox 1718/1313 has slots 1 to 8.'],
    });
    expect(
      errorsOf(await move(o.id, { screen_id: o.screenId, current_position: 7, new_position: 8 })),
    ).toEqual({
      current_position: ['There is no button in slot 7.'],
    });
  });

  it('reorders a MiLO list', async () => {
    const o = await createOven(ctx.db, cook.id, { type: 'MiLO/Double MiLO' });
    for (const d of await recipesOf(cook, 4, 'MiLO/Double MiLO')) await addButton(o.screenId, 99, d.id);
    const res = await move(o.id, { screen_id: o.screenId, current_position: 1, new_position: 3 });
    expect(slots(res.json<{ screen: ScreenItem }>().screen.screen_content)).toEqual([
      '1:Dish 2',
      '2:Dish 3',
      '3:Dish 1',
      '4:Dish 4',
    ]);
  });

  it('a stale editor (an older version, or another button in that slot) gets 409 and moves nothing', async () => {
    const { o } = await menu();
    const now = await read(o.id);
    const first = content(now)[0]!;
    const stale = await move(o.id, {
      screen_id: o.screenId,
      current_position: 1,
      new_position: 8,
      version: now.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toBe(
      'This oven was changed in another window. It has been reloaded: try again.',
    );
    const wrong = await move(o.id, {
      screen_id: o.screenId,
      current_position: 1,
      new_position: 8,
      button_id: first.id + 1,
      version: now.version,
    });
    expect(wrong.statusCode).toBe(409);
    expect(slots(content(await read(o.id)))).toEqual(slots(content(now)));
    const right = await move(o.id, {
      screen_id: o.screenId,
      current_position: 1,
      new_position: 8,
      button_id: first.id,
      version: now.version,
    });
    expect(right.statusCode).toBe(200);
  });

  it('twelve moves at once from two tabs lose and duplicate nothing', async () => {
    const o = await createOven(ctx.db, cook.id);
    for (const [i, d] of (await recipesOf(cook, 6)).entries()) await addButton(o.screenId, i + 1, d.id);
    const before = content(await read(o.id))
      .map((b) => b.id)
      .sort();
    const moves = Array.from({ length: 12 }, (_, i) =>
      move(o.id, { screen_id: o.screenId, current_position: (i % 6) + 1, new_position: ((i * 5) % 8) + 1 }),
    );
    const results = await Promise.all(moves);
    for (const r of results) expect([200, 422]).toContain(r.statusCode);
    const after = content(await read(o.id));
    expect(after.map((b) => b.id).sort()).toEqual(before);
    expect(new Set(after.map((b) => b.position)).size).toBe(6);
  });
});

describe('undo', () => {
  it('reverts a move, then the change before it', async () => {
    const o = await createOven(ctx.db, cook.id);
    const [a] = await recipesOf(cook, 1);
    await addButton(o.screenId, 1, a!.id);
    await move(o.id, { screen_id: o.screenId, current_position: 1, new_position: 5 });
    const undone = await ctx.api('POST', `/api/ovens/${o.id}/undo`, undefined, as(cook));
    expect(undone.json()).toMatchObject({ undone: 'Moved Dish 1 from screen 1, slot 1 to slot 5' });
    expect(slots(content(data(undone)))).toEqual(['1:Dish 1']);
    const again = await ctx.api('POST', `/api/ovens/${o.id}/undo`, undefined, as(cook));
    expect(content(data(again))).toEqual([]);
    expect(data(again).can_undo).toBe(false);
    const nothing = await ctx.api('POST', `/api/ovens/${o.id}/undo`, undefined, as(cook));
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json<{ message: string }>().message).toBe('There is nothing to undo on this oven.');
  });

  it('brings back a trashed category with its pages and buttons, under their own ids', async () => {
    const o = await createOven(ctx.db, cook.id);
    const [a, b] = await recipesOf(cook, 2);
    const made = await ctx.api(
      'POST',
      '/api/categories',
      { name: 'Sides', oven_id: o.id, screen_id: o.screenId },
      as(cook),
    );
    const categoryId = made.json<{ category_id: number }>().category_id;
    await ctx.api('POST', '/api/screens', { type: 'page', oven_id: o.id, category_id: categoryId }, as(cook));
    let detail = await read(o.id);
    await addButton(page(detail, 0).screen_id, 1, a!.id);
    await addButton(page(detail, 1).screen_id, 4, b!.id);
    detail = await read(o.id);
    await ctx.api('DELETE', `/api/buttons/${categoryButton(detail).id}`, undefined, as(cook));
    expect(content(await read(o.id))).toEqual([]);
    const undone = await ctx.api('POST', `/api/ovens/${o.id}/undo`, undefined, as(cook));
    expect(undone.json<{ undone: string }>().undone).toBe('Deleted category Sides with its 2 recipes');
    const back = data(undone);
    expect({
      ...back,
      version: 0,
      updated_at: '',
      last_change: null,
      can_undo: true,
      can_redo: false,
    }).toEqual({
      ...detail,
      version: 0,
      updated_at: '',
      last_change: null,
      can_undo: true,
      can_redo: false,
    });
  });

  it('redo puts back what undo took, in reverse order, and undo takes a redo back again', async () => {
    const o = await createOven(ctx.db, cook.id);
    const [a] = await recipesOf(cook, 1);
    await addButton(o.screenId, 1, a!.id);
    await move(o.id, { screen_id: o.screenId, current_position: 1, new_position: 5 });
    const undo = () => ctx.api('POST', `/api/ovens/${o.id}/undo`, undefined, as(cook));
    const redo = () => ctx.api('POST', `/api/ovens/${o.id}/redo`, undefined, as(cook));
    await undo();
    const emptied = data(await undo());
    expect(content(emptied)).toEqual([]);
    expect(emptied.can_redo).toBe(true);

    const first = await redo();
    expect(first.json<{ redone: string }>().redone).toBe('Added Dish 1 to screen 1');
    expect(slots(content(data(first)))).toEqual(['1:Dish 1']);
    const second = await redo();
    expect(second.json<{ redone: string }>().redone).toBe('Moved Dish 1 from screen 1, slot 1 to slot 5');
    expect(slots(content(data(second)))).toEqual(['5:Dish 1']);
    expect(data(second).can_redo).toBe(false);

    // A redo is an ordinary change: Undo takes it back, and Redo puts it back once more.
    expect(slots(content(data(await undo())))).toEqual(['1:Dish 1']);
    expect(slots(content(data(await redo())))).toEqual(['5:Dish 1']);
  });

  it('undo that would put back a button of a recipe deleted since refuses (409) and changes nothing', async () => {
    const o = await createOven(ctx.db, cook.id);
    const [a] = await recipesOf(cook, 1);
    const added = await addButton(o.screenId, 1, a!.id);
    const button = content(data(added))[0]!;
    await ctx.api('DELETE', `/api/buttons/${button.id}`, undefined, as(cook));
    expect((await ctx.api('DELETE', `/api/recipes/${a!.id}`, undefined, as(cook))).statusCode).toBe(200);
    const refused = await ctx.api('POST', `/api/ovens/${o.id}/undo`, undefined, as(cook));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'This change cannot be undone: a recipe it puts back was deleted since.',
    );
    expect(content(await read(o.id))).toEqual([]);
  });

  it('redo that would put back a button of a recipe deleted since refuses (409) and changes nothing', async () => {
    const o = await createOven(ctx.db, cook.id);
    const [a] = await recipesOf(cook, 1);
    await addButton(o.screenId, 1, a!.id);
    await ctx.api('POST', `/api/ovens/${o.id}/undo`, undefined, as(cook));
    expect((await ctx.api('DELETE', `/api/recipes/${a!.id}`, undefined, as(cook))).statusCode).toBe(200);
    const refused = await ctx.api('POST', `/api/ovens/${o.id}/redo`, undefined, as(cook));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'This change cannot be redone: a recipe it puts back was deleted since.',
    );
    expect(content(await read(o.id))).toEqual([]);
  });

  it('a new change ends the redo trail', async () => {
    const o = await createOven(ctx.db, cook.id);
    const [a, b] = await recipesOf(cook, 2);
    await addButton(o.screenId, 1, a!.id);
    await ctx.api('POST', `/api/ovens/${o.id}/undo`, undefined, as(cook));
    const added = await addButton(o.screenId, 2, b!.id);
    expect(data(added).can_redo).toBe(false);
    const refused = await ctx.api('POST', `/api/ovens/${o.id}/redo`, undefined, as(cook));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('There is nothing to redo on this oven.');
  });

  it('redo refuses a stale editor (version) and another cook’s oven', async () => {
    const o = await createOven(ctx.db, cook.id);
    await ctx.api('POST', '/api/screens', { type: 'main', oven_id: o.id }, as(cook));
    const undone = data(await ctx.api('POST', `/api/ovens/${o.id}/undo`, undefined, as(cook)));
    const stale = await ctx.api(
      'POST',
      `/api/ovens/${o.id}/redo?version=${undone.version - 1}`,
      undefined,
      as(cook),
    );
    expect(stale.statusCode).toBe(409);
    const other = await signedIn();
    const foreign = await ctx.api('POST', `/api/ovens/${o.id}/redo`, undefined, as(other));
    expect(foreign.statusCode).toBe(404);
  });

  it('is recorded in the history, newest first', async () => {
    const o = await createOven(ctx.db, cook.id);
    await ctx.api('POST', '/api/screens', { type: 'main', oven_id: o.id }, as(cook));
    await ctx.api('POST', `/api/ovens/${o.id}/undo`, undefined, as(cook));
    const res = await ctx.api('GET', `/api/ovens/${o.id}/revisions`, undefined, as(cook));
    expect(res.json<{ data: { summary: string; undone: boolean; by: string }[] }>().data).toMatchObject([
      { summary: 'Undid: Added screen 2', undone: false, by: cook.username },
      { summary: 'Added screen 2', undone: true },
      { summary: 'Created by a test', undone: false },
    ]);
  });
});

describe('all or nothing', () => {
  it('a change that fails half-way leaves the menu as it was', async () => {
    const o = await createOven(ctx.db, cook.id);
    const [a, b] = await recipesOf(cook, 2);
    await addButton(o.screenId, 1, a!.id);
    await addButton(o.screenId, 2, b!.id);
    const before = await read(o.id);
    // The log refuses new rows for this oven: the move's rows are written first, then the log fails.
    await ctx.db.execute(
      sql.raw(`create function refuse_log() returns trigger language plpgsql as $$
      begin if new.oven_id = ${o.id} then raise exception 'log unavailable'; end if; return new; end $$`),
    );
    await ctx.db.execute(
      sql.raw(
        'create trigger refuse_log before insert on menu_revisions for each row execute function refuse_log()',
      ),
    );
    try {
      const res = await move(o.id, { screen_id: o.screenId, current_position: 1, new_position: 2 });
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql.raw('drop trigger refuse_log on menu_revisions'));
      await ctx.db.execute(sql.raw('drop function refuse_log()'));
    }
    expect(await read(o.id)).toEqual(before);
  });
});

describe("another user's menu is not found", () => {
  it('every endpoint answers 404 for their ids and changes nothing', async () => {
    const theirs = await createOven(ctx.db, other.id);
    const [r] = await recipesOf(other, 1);
    const made = await addButton(theirs.screenId, 1, r!.id, other);
    const cat = await ctx.api(
      'POST',
      '/api/categories',
      { name: 'Theirs', oven_id: theirs.id, screen_id: theirs.screenId },
      as(other),
    );
    const buttonId = content(data(made))[0]!.id;
    const categoryId = cat.json<{ category_id: number }>().category_id;
    const before = await read(theirs.id, other);
    const [mine] = await recipesOf(cook, 1);
    const attempts = [
      ctx.api('POST', '/api/screens', { type: 'main', oven_id: theirs.id }, as(cook)),
      ctx.api(
        'POST',
        '/api/screens',
        { type: 'page', oven_id: theirs.id, category_id: categoryId },
        as(cook),
      ),
      ctx.api('DELETE', `/api/screens/${theirs.screenId}`, undefined, as(cook)),
      addButton(theirs.screenId, 2, mine!.id),
      ctx.api('PUT', `/api/buttons/${buttonId}`, { is_favorite: true }, as(cook)),
      ctx.api('DELETE', `/api/buttons/${buttonId}`, undefined, as(cook)),
      ctx.api(
        'POST',
        '/api/categories',
        { name: 'Mine', oven_id: theirs.id, screen_id: theirs.screenId },
        as(cook),
      ),
      ctx.api('PUT', `/api/categories/${categoryId}`, { name: 'Mine' }, as(cook)),
      move(theirs.id, { screen_id: theirs.screenId, current_position: 1, new_position: 5 }),
      ctx.api('POST', `/api/ovens/${theirs.id}/undo`, undefined, as(cook)),
      ctx.api('GET', `/api/ovens/${theirs.id}/revisions`, undefined, as(cook)),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
    expect(await read(theirs.id, other)).toEqual(before);
  });

  it('guessed ids answer 404, and ids out of range 422', async () => {
    expect((await ctx.api('DELETE', '/api/buttons/99999999', undefined, as(cook))).statusCode).toBe(404);
    expect((await ctx.api('DELETE', '/api/screens/2147483648', undefined, as(cook))).statusCode).toBe(422);
  });

  it('a guest gets 401 everywhere', async () => {
    expect((await ctx.api('POST', '/api/screens', { type: 'main', oven_id: 1 })).statusCode).toBe(401);
    expect(
      (
        await ctx.api('PUT', '/api/ovens/button-position/1', {
          screen_id: 1,
          current_position: 1,
          new_position: 2,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('a recipe on a menu', () => {
  it('cannot be deleted, and the answer names the ovens and places', async () => {
    const o = await createOven(ctx.db, cook.id, { name: 'Front Line' });
    const [a] = await recipesOf(cook, 1);
    await addButton(o.screenId, 2, a!.id);
    const res = await ctx.api('DELETE', `/api/recipes/${a!.id}`, undefined, as(cook));
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      '"Dish 1" is on Front Line (screen 1, slot 2). A recipe on an oven\'s menu cannot be deleted: take it off those menus first.',
    );
    const bulk = await ctx.api('DELETE', '/api/recipes/bulk-delete', { data: [a!.id] }, as(cook));
    expect(bulk.statusCode).toBe(409);
    expect(await ctx.db.select().from(menuButtons).where(eq(menuButtons.recipeId, a!.id))).toHaveLength(1);
  });

  it('cannot move to another oven type', async () => {
    const o = await createOven(ctx.db, cook.id);
    const [a] = await recipesOf(cook, 1);
    await addButton(o.screenId, 1, a!.id);
    const res = await ctx.api(
      'PUT',
      `/api/recipes/${a!.id}`,
      {
        name: 'Dish 1',
        oven_type: 'MiSA',
        product_name: 'P',
        set_temp: 400,
        category: 'Pizza',
        stages: [{ order: 1, minutes: '01', temp: 400 }],
      },
      as(cook),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/cannot be moved to another oven type/);
  });

  it('in the library: the admin is told how many ovens of how many users use it', async () => {
    const admin = await signedIn('admin');
    const library = await createRecipe(ctx.db, { ownerId: null, name: 'House Pie' });
    for (const user of [cook, other]) {
      const o = await createOven(ctx.db, user.id);
      await addButton(o.screenId, 1, library.id, user);
    }
    const res = await ctx.api('DELETE', `/api/recipes/${library.id}`, undefined, as(admin));
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/^"House Pie" is on 2 ovens of 2 other teams\./);
  });

  it('can be deleted once it is off every menu', async () => {
    const o = await createOven(ctx.db, cook.id);
    const [a] = await recipesOf(cook, 1);
    const made = await addButton(o.screenId, 1, a!.id);
    await ctx.api('DELETE', `/api/buttons/${content(data(made))[0]!.id}`, undefined, as(cook));
    expect((await ctx.api('DELETE', `/api/recipes/${a!.id}`, undefined, as(cook))).statusCode).toBe(200);
    expect(await ctx.db.select().from(menuScreens).where(eq(menuScreens.ovenId, o.id))).toHaveLength(1);
  });
});
