/**
 * What changed between two menus of one oven, in words a manager reads at a glance: buttons added, removed,
 * moved or restyled, categories renamed, and recipes whose settings changed (with the fields). Each menu comes
 * with its recipes as they were (a version keeps them; the current menu has today's).
 *
 * Buttons are matched by what they open, not by their row id (a restored menu has new rows): a recipe button by
 * its recipe (the second button of the same recipe by the second, and so on), a category button by its category's
 * id, else by its name.
 */

import { degrees, listOf, type Said, type SaidValue, said } from '../../i18n/said';
import { formatStageTime, type Stage } from '../stage';
import { STAGE_FIELD_WORDS, slotInSentenceSaid } from './labels';
import type { MenuButton, MenuTree } from './tree';

/** A recipe on a menu as it was: what a change to it is described by. */
export interface RecipeSnapshot {
  name: string;
  oven_type: string;
  product_name: string;
  set_temp: number;
  category: string;
  icon: string;
  stages: Stage[];
  events: { name: string; minutes: number; seconds: number }[];
}

export interface MenuSnapshot {
  tree: MenuTree;
  recipes: Record<string, RecipeSnapshot>;
}

export interface MenuDiffLine {
  kind: 'added' | 'removed' | 'moved' | 'restyled' | 'category-renamed' | 'recipe-changed';
  said: Said;
}

export interface MenuDiff {
  lines: MenuDiffLine[];
  /** Ids of the buttons in the newer menu that are new, moved, restyled or open a changed recipe. */
  highlight: number[];
  /** Slots of the newer menu left empty by a removed button (its screen or page there, and what was on it). */
  vacated: { screenId: number; position: number; label: Said }[];
}

interface Placed {
  key: string;
  button: MenuButton;
  /** 'screen 2, slot 3' or 'category Pizza, page 1, slot 3'. */
  where: Said;
  /** Where on a main screen, to tell a move: '2/3'. */
  spot: string;
  label: Said;
  /** For a button inside a category: the category's button, and the page. */
  parent?: Placed;
  page?: number;
  /** The main screen it is on (its index), or its category's. */
  screen: number;
  /** The id of the screen or page it is on. */
  containerId: number | null;
}

/** Where a button is, by its category's identity rather than its name (a rename is not a move). */
const at = (p: Placed) => (p.parent ? `${p.parent.key}/page ${p.page}/slot ${p.button.position}` : p.spot);

function place(tree: MenuTree): Placed[] {
  const out: Placed[] = [];
  const seen = new Map<string, number>();
  const keyOf = (b: MenuButton) => {
    const base =
      b.kind === 'recipe' ? `recipe:${b.recipe.id}` : `category:${b.category.id ?? b.category.name}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}#${n}`;
  };
  tree.screens.forEach((screen, s) => {
    for (const b of screen.buttons) {
      const parent: Placed = {
        key: keyOf(b),
        button: b,
        where: slotInSentenceSaid({ kind: 'main', screen, screenIndex: s }, b.position, 'grid'),
        spot: `${s}/${b.position}`,
        label:
          b.kind === 'recipe'
            ? said('ruleParts.quoted', { name: b.recipe.name })
            : said('ruleParts.categoryQuoted', { name: b.category.name }),
        screen: s,
        containerId: screen.id,
      };
      out.push(parent);
      if (b.kind !== 'category') continue;
      b.category.pages.forEach((page, p) => {
        for (const pb of page.buttons) {
          out.push({
            key: keyOf(pb),
            button: pb,
            where: slotInSentenceSaid(
              { kind: 'page', page, pageIndex: p, category: b.category, owner: b, screenIndex: s },
              pb.position,
              'grid',
            ),
            spot: '',
            label: said('ruleParts.quoted', { name: pb.recipe.name }),
            parent,
            page: p + 1,
            screen: s,
            containerId: page.id,
          });
        }
      });
    }
  });
  return out;
}

const STAGE_FIELDS: [keyof typeof STAGE_FIELD_WORDS, (v: unknown) => SaidValue][] = [
  ['temp', (v) => degrees(Number(v))],
  ['percent_air_top', (v) => `${v} %`],
  ['percent_air_bottom', (v) => `${v} %`],
  ['blower_percent', (v) => `${v} %`],
  ['microwave_percent', (v) => `${v} %`],
  ['ir_lvl_top', String],
  ['ir_lvl_bottom', String],
  ['force_vent_open', (v) => said(v ? 'ruleParts.ventOpen' : 'ruleParts.ventClosed')],
];

/** The fields of a recipe that differ, each as 'stage 1 temperature 450 °F → 475 °F'. */
export function recipeChanges(a: RecipeSnapshot, b: RecipeSnapshot): Said[] {
  const out: Said[] = [];
  if (a.name !== b.name) out.push(said('ruleParts.changeName', { before: a.name, after: b.name }));
  if (a.product_name !== b.product_name)
    out.push(said('ruleParts.changeProduct', { before: a.product_name, after: b.product_name }));
  if (a.set_temp !== b.set_temp)
    out.push(said('ruleParts.changeSetTemp', { before: degrees(a.set_temp), after: degrees(b.set_temp) }));
  if (a.category !== b.category)
    out.push(said('ruleParts.changeCategory', { before: a.category, after: b.category }));
  if (a.icon !== b.icon) out.push(said('ruleParts.changeIcon'));
  if (a.stages.length !== b.stages.length)
    out.push(said('ruleParts.changeStages', { before: a.stages.length, after: b.stages.length }));
  const n = Math.min(a.stages.length, b.stages.length);
  for (let i = 0; i < n; i++) {
    const x = a.stages[i]!;
    const y = b.stages[i]!;
    if (formatStageTime(x) !== formatStageTime(y))
      out.push(
        said('ruleParts.changeStageTime', {
          n: i + 1,
          before: formatStageTime(x),
          after: formatStageTime(y),
        }),
      );
    for (const [field, show] of STAGE_FIELDS)
      if (x[field] !== y[field])
        out.push(
          said('ruleParts.changeStageField', {
            n: i + 1,
            stageField: STAGE_FIELD_WORDS[field],
            before: show(x[field]),
            after: show(y[field]),
          }),
        );
  }
  if (JSON.stringify(a.events) !== JSON.stringify(b.events)) out.push(said('ruleParts.changeEvents'));
  return out;
}

/** From the older menu `from` to the newer `to`. */
export function diffMenus(from: MenuSnapshot, to: MenuSnapshot): MenuDiff {
  const lines: MenuDiffLine[] = [];
  const highlight = new Set<number>();
  const before = place(from.tree);
  const after = place(to.tree);
  // A category whose id is gone on one side is matched by its name (a restored menu has new ids).
  const rekey = (list: Placed[], other: Placed[]) => {
    const keys = new Set(other.map((p) => p.key));
    for (const p of list) {
      if (p.button.kind !== 'category' || keys.has(p.key)) continue;
      const twin = other.find(
        (o) =>
          o.button.kind === 'category' &&
          p.button.kind === 'category' &&
          o.button.category.name === p.button.category.name,
      );
      if (twin) p.key = twin.key;
    }
  };
  rekey(after, before);
  const old = new Map(before.map((p) => [p.key, p]));
  const now = new Map(after.map((p) => [p.key, p]));
  const mark = (p: Placed) => {
    if (p.button.id !== null) highlight.add(p.button.id);
  };

  for (const p of after) {
    const was = old.get(p.key);
    if (!was) {
      lines.push({
        kind: 'added',
        said: said('ruleMessages.diffAdded', { label: p.label, where: p.where }),
      });
      mark(p);
      continue;
    }
    if (
      was.button.kind === 'category' &&
      p.button.kind === 'category' &&
      was.button.category.name !== p.button.category.name
    ) {
      lines.push({
        kind: 'category-renamed',
        said: said('ruleMessages.diffRenamed', {
          before: was.button.category.name,
          after: p.button.category.name,
        }),
      });
      mark(p);
    }
    if (at(was) !== at(p)) {
      lines.push({
        kind: 'moved',
        said: said('ruleMessages.diffMoved', { label: p.label, from: was.where, to: p.where }),
      });
      mark(p);
    }
    const style = (b: MenuButton) => `${b.color}|${b.icon}|${b.favorite}`;
    if (style(was.button) !== style(p.button)) {
      const what: SaidValue[] = [];
      if (was.button.color !== p.button.color) what.push(said('ruleParts.newColour'));
      if (was.button.icon !== p.button.icon) what.push(said('ruleParts.newIcon'));
      if (was.button.favorite !== p.button.favorite)
        what.push(said(p.button.favorite ? 'ruleParts.madeFavourite' : 'ruleParts.noLongerFavourite'));
      lines.push({
        kind: 'restyled',
        said: said('ruleMessages.diffChanged', { label: p.label, where: p.where, what: listOf(what, '; ') }),
      });
      mark(p);
    }
  }
  // Where each removed button was, on the newer menu: its screen, or its category's page if that is still there.
  const taken = new Set(after.map((p) => `${p.containerId}:${p.button.position}`));
  const vacated: MenuDiff['vacated'] = [];
  for (const p of before) {
    if (now.has(p.key)) continue;
    lines.push({
      kind: 'removed',
      said: said('ruleMessages.diffRemoved', { label: p.label, where: p.where }),
    });
    let screenId: number | null | undefined;
    if (!p.parent) screenId = to.tree.screens[p.screen]?.id;
    else {
      const category = now.get(p.parent.key)?.button;
      if (category?.kind === 'category') screenId = category.category.pages[p.page! - 1]?.id;
    }
    if (screenId != null && !taken.has(`${screenId}:${p.button.position}`))
      vacated.push({ screenId, position: p.button.position, label: p.label });
  }

  // Recipes on both menus whose settings differ, once each, with every button that opens them highlighted.
  const described = new Set<string>();
  for (const p of after) {
    if (p.button.kind !== 'recipe') continue;
    const id = String(p.button.recipe.id);
    const a = from.recipes[id];
    const b = to.recipes[id];
    if (!a || !b) continue;
    const changes = recipeChanges(a, b);
    if (changes.length === 0) continue;
    mark(p);
    if (described.has(id)) continue;
    described.add(id);
    lines.push({
      kind: 'recipe-changed',
      said: said('ruleMessages.diffRecipe', { name: b.name, changes: listOf(changes, '; ') }),
    });
  }
  return { lines, highlight: [...highlight], vacated };
}

/**
 * A menu whose recipes are known by name rather than id (a file copied off an oven numbers its recipes its own
 * way): the same name is the same recipe on both sides of a comparison. `ids` is shared by the two sides.
 */
export function keyRecipesByName(snapshot: MenuSnapshot, ids: Map<string, number>): MenuSnapshot {
  const idOf = (name: string) => {
    let id = ids.get(name);
    if (id === undefined) {
      id = ids.size + 1;
      ids.set(name, id);
    }
    return id;
  };
  const recipes: Record<string, RecipeSnapshot> = {};
  const remap = (b: MenuButton): MenuButton => {
    if (b.kind === 'category')
      return {
        ...b,
        category: {
          ...b.category,
          pages: b.category.pages.map((p) => ({ ...p, buttons: p.buttons.map((x) => remap(x) as typeof x) })),
        },
      };
    const snap = snapshot.recipes[b.recipe.id];
    const name = snap?.name ?? b.recipe.name;
    const id = idOf(name);
    if (snap) recipes[id] = snap;
    return { ...b, recipe: { ...b.recipe, id } };
  };
  return {
    tree: { screens: snapshot.tree.screens.map((s) => ({ ...s, buttons: s.buttons.map(remap) })) },
    recipes,
  };
}
