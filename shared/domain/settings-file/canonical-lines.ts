/**
 * The canonical reader: reads STAGE, RECIPE, EVENT and BUTTON lines laid out exactly as the serializer writes
 * them (keys in order, single spaces, plain numbers, no escapes) straight from the file's bytes, without
 * splitting the line into key and value lists; strings are made only for names and texts. It only accepts a line the general reader (`Builder.record`) would accept
 * with nothing to report, and it builds the same values; anything else it declines (returns false) and the
 * general reader takes the line. A test holds the two readers to the same results on edited files.
 */
import { BUTTON_COLOR_NAMES, type ButtonColor, IR_LEVELS, type IrLevel } from '../catalog';
import type { Stage } from '../stage';
import { type Builder, SECTION } from './build';
import { OPTIONAL_RECIPE_KEYS } from './serialize';
import type { SettingsRecipe } from './types';
import { ascii } from './writer';

const SPACE = 0x20;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const COLORS = new Set<string>(BUTTON_COLOR_NAMES);

/** A value ends at a space or at the end of the line. */
const ends = (c: Uint8Array, p: number, end: number) => p === end || c[p] === SPACE;

/**
 * A fixed piece of syntax, compared four bytes at a time: as 32-bit words at 0, 4, … and one ending at its
 * last byte (overlapping). ' airbottom=' is three comparisons instead of eleven.
 */
interface Lit {
  length: number;
  bytes: Uint8Array;
  words: Int32Array;
  at: Int32Array;
}

function literal(text: string): Lit {
  const bytes = ascii(text);
  const view = new DataView(bytes.buffer);
  const at: number[] = [];
  if (bytes.length >= 4) {
    for (let i = 0; i + 4 <= bytes.length; i += 4) at.push(i);
    if (bytes.length % 4 !== 0) at.push(bytes.length - 4);
  }
  return {
    length: bytes.length,
    bytes,
    words: Int32Array.from(at, (i) => view.getInt32(i, true)),
    at: Int32Array.from(at),
  };
}

/** Two digits, as a number. */
function two(c: Uint8Array, p: number): number {
  const a = c[p]! - 48;
  const b = c[p + 1]! - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** Whether `s` stands at p, followed by the end of the value. */
function standsAt(c: Uint8Array, s: string, p: number, end: number): boolean {
  const n = s.length;
  for (let i = 0; i < n; i++) if (c[p + i] !== s.charCodeAt(i)) return false;
  return ends(c, p + n, end);
}

const L = {
  stage: literal('STAGE recipe='),
  recipe: literal('RECIPE n='),
  event: literal('EVENT recipe='),
  screenButton: literal('BUTTON screen='),
  pageButton: literal('BUTTON category='),
  n: literal(' n='),
  time: literal(' time='),
  temp: literal(' temp='),
  airTop: literal(' airtop='),
  airBottom: literal(' airbottom='),
  blower: literal(' blower='),
  microwave: literal(' microwave='),
  irTop: literal(' irtop='),
  irBottom: literal(' irbottom='),
  vent: literal(' vent='),
  name: literal(' name='),
  product: literal(' product='),
  setTemp: literal(' settemp='),
  category: literal(' category='),
  icon: literal(' icon='),
  at: literal(' at='),
  pos: literal(' pos='),
  page: literal(' page='),
  recipeRef: literal(' recipe='),
  color: literal(' color='),
  favorite: literal(' favorite='),
};
const OPTIONAL_LITS = OPTIONAL_RECIPE_KEYS.map(([key]) => literal(` ${key}=`));

/** A bare value that usually repeats (icons, colours, categories): the last one is reused, not copied again. */
class Repeated {
  last = '\0';
}

/**
 * One file being read by the canonical reader. Each parse makes its own, so nothing is shared between parses
 * (two files read at once, or one after another, never see each other's values).
 */
export class CanonicalReader {
  // What the last reader read; the readers themselves return only the position after it (-1: declined).
  private num = 0;
  private str = '';
  // The file as bytes (scanned) and as text (values are sliced from it; the file is ASCII, so positions agree).
  private readonly view: DataView;
  // The look of the BUTTON line being read (buttonLook).
  private lookIcon = '';
  private lookColor: ButtonColor = 'ORANGE_900';
  private readonly icons = new Repeated();
  private readonly colors = new Repeated();
  private readonly categories = new Repeated();
  // The optional recipe texts of the line being read, by their place in OPTIONAL_RECIPE_KEYS.
  private readonly optional: string[] = OPTIONAL_LITS.map(() => '');

  constructor(
    private readonly src: Uint8Array,
    private readonly text: string,
  ) {
    this.view = new DataView(src.buffer, src.byteOffset, src.length);
  }

  /** A value that usually repeats: the last one is reused when it stands here again. */
  private repeated(r: Repeated, c: Uint8Array, p: number, end: number): number {
    if (p < 0) return -1;
    if (standsAt(c, r.last, p, end)) {
      this.str = r.last;
      return p + r.last.length;
    }
    if (c[p] === QUOTE) return this.value(c, p, end);
    p = this.value(c, p, end);
    r.last = this.str;
    return p;
  }

  /** A fixed piece of syntax, within the line, or -1. */
  private lit(c: Uint8Array, p: number, end: number, l: Lit): number {
    if (p < 0 || p + l.length > end) return -1;
    const { words, at } = l;
    if (words.length === 0) {
      for (let i = 0; i < l.length; i++) if (c[p + i] !== l.bytes[i]) return -1;
    } else {
      for (let i = 0; i < words.length; i++) if (this.view.getInt32(p + at[i]!, true) !== words[i]) return -1;
    }
    return p + l.length;
  }

  /** 1 to 9 digits (no sign), as a whole number. */
  private uint(c: Uint8Array, p: number, end: number): number {
    if (p < 0) return -1;
    const from = p;
    let n = 0;
    for (; p < end; p++) {
      const d = c[p]! - 48;
      if (d < 0 || d > 9) break;
      n = n * 10 + d;
    }
    if (p === from || p - from > 9 || !ends(c, p, end)) return -1;
    this.num = n;
    return p;
  }

  /** A single 0 or 1. */
  private flag(c: Uint8Array, p: number, end: number): number {
    if (p < 0) return -1;
    const d = c[p]! - 48;
    if ((d !== 0 && d !== 1) || !ends(c, p + 1, end)) return -1;
    this.num = d;
    return p + 1;
  }

  /** A quoted value without escapes, or a bare one up to the next space; printable ASCII only. */
  private value(c: Uint8Array, p: number, end: number): number {
    if (p < 0) return -1;
    if (c[p] === QUOTE) {
      for (let q = p + 1; q < end; q++) {
        const ch = c[q]!;
        if (ch === QUOTE) {
          if (!ends(c, q + 1, end)) return -1;
          this.str = this.text.slice(p + 1, q);
          return q + 1;
        }
        if (ch === BACKSLASH || ch < 0x20 || ch > 0x7e) return -1;
      }
      return -1;
    }
    let q = p;
    for (; q < end; q++) {
      const ch = c[q]!;
      if (ch === SPACE) break;
      if (ch < 0x20 || ch > 0x7e) return -1;
    }
    this.str = this.text.slice(p, q);
    return q;
  }

  private irLevel(c: Uint8Array, p: number, end: number): number {
    if (p < 0) return -1;
    for (const level of IR_LEVELS) {
      if (standsAt(c, level, p, end)) {
        this.str = level;
        return p + level.length;
      }
    }
    return -1;
  }

  /** Reads the line [start, end) of the current source if it is canonical; false leaves it to the general reader. */
  read(b: Builder, start: number, end: number, line: number): boolean {
    const c = this.src;
    let p: number;
    switch (c[start]) {
      case 0x53: // S
        p = this.lit(c, start, end, L.stage);
        return p >= 0 && this.stage(c, b, p, end, line);
      case 0x52: // R
        p = this.lit(c, start, end, L.recipe);
        return p >= 0 && this.recipe(c, b, p, end, line);
      case 0x45: // E
        p = this.lit(c, start, end, L.event);
        return p >= 0 && this.event(c, b, p, end, line);
      case 0x42: // B
        p = this.lit(c, start, end, L.screenButton);
        if (p >= 0) return this.screenButton(c, b, p, end, line);
        p = this.lit(c, start, end, L.pageButton);
        return p >= 0 && this.pageButton(c, b, p, end, line);
      default:
        return false;
    }
  }

  private stage(c: Uint8Array, b: Builder, p: number, end: number, line: number): boolean {
    p = this.uint(c, p, end);
    const owner = this.num;
    p = this.uint(c, this.lit(c, p, end, L.n), end);
    const n = this.num;
    p = this.lit(c, p, end, L.time);
    if (p < 0 || c[p + 2] !== COLON || c[p + 5] !== COLON || !ends(c, p + 8, end)) return false;
    const hours = two(c, p);
    const minutes = two(c, p + 3);
    const seconds = two(c, p + 6);
    if (hours < 0 || minutes < 0 || seconds < 0) return false;
    p = this.uint(c, this.lit(c, p + 8, end, L.temp), end);
    const temp = this.num;
    p = this.uint(c, this.lit(c, p, end, L.airTop), end);
    const airTop = this.num;
    p = this.uint(c, this.lit(c, p, end, L.airBottom), end);
    const airBottom = this.num;
    p = this.uint(c, this.lit(c, p, end, L.blower), end);
    const blower = this.num;
    p = this.uint(c, this.lit(c, p, end, L.microwave), end);
    const microwave = this.num;
    p = this.irLevel(c, this.lit(c, p, end, L.irTop), end);
    const irTop = this.str as IrLevel;
    p = this.irLevel(c, this.lit(c, p, end, L.irBottom), end);
    const irBottom = this.str as IrLevel;
    p = this.flag(c, this.lit(c, p, end, L.vent), end);
    if (p !== end) return false;

    const current = b.s.recipes.length;
    if (b.section !== SECTION.RECIPE || owner < 1 || owner !== current) return false;
    const recipe = b.s.recipes[current - 1]!;
    if (recipe.events.length > 0 || n !== recipe.stages.length + 1) return false;
    const s: Stage = {
      order: n,
      hours: TWO_DIGITS[hours]!,
      minutes: TWO_DIGITS[minutes]!,
      seconds: TWO_DIGITS[seconds]!,
      temp,
      percent_air_top: airTop,
      percent_air_bottom: airBottom,
      blower_percent: blower,
      microwave_percent: microwave,
      ir_lvl_top: irTop,
      ir_lvl_bottom: irBottom,
      force_vent_open: this.num === 1,
    };
    b.pushStage(recipe, s, line);
    return true;
  }

  private recipe(c: Uint8Array, b: Builder, p: number, end: number, line: number): boolean {
    p = this.uint(c, p, end);
    const n = this.num;
    p = this.value(c, this.lit(c, p, end, L.name), end);
    const name = this.str;
    p = this.value(c, this.lit(c, p, end, L.product), end);
    const product = this.str;
    p = this.uint(c, this.lit(c, p, end, L.setTemp), end);
    const setTemp = this.num;
    p = this.repeated(this.categories, c, this.lit(c, p, end, L.category), end);
    const category = this.str;
    p = this.repeated(this.icons, c, this.lit(c, p, end, L.icon), end);
    const icon = this.str;
    if (p < 0) return false;
    for (let i = 0; i < this.optional.length; i++) this.optional[i] = '';
    let hasState = false;
    // Optional keys follow in their order, each at most once.
    let k = 0;
    while (p < end) {
      let q = -1;
      for (; k < OPTIONAL_LITS.length && q < 0; k++) q = this.lit(c, p, end, OPTIONAL_LITS[k]!);
      if (q < 0) return false;
      k--;
      p = this.value(c, q, end);
      if (p < 0) return false;
      this.optional[k] = this.str;
      if (k === 0) hasState = true;
      k++;
    }
    if (b.section > SECTION.RECIPE || n !== b.s.recipes.length + 1) return false;
    b.section = SECTION.RECIPE;
    const r: SettingsRecipe = {
      name,
      product_name: product,
      set_temp: setTemp,
      category,
      starting_state: hasState ? this.optional[0]! : null,
      icon,
      dish_type: this.optional[1]!,
      brand: this.optional[2]!,
      sku: this.optional[3]!,
      weight: this.optional[4]!,
      quantity: this.optional[5]!,
      ingredients: this.optional[6]!,
      outcome_attributes: this.optional[7]!,
      procedure: this.optional[8]!,
      outcome: this.optional[9]!,
      stages: [],
      events: [],
    };
    b.pushRecipe(r, line);
    return true;
  }

  private event(c: Uint8Array, b: Builder, p: number, end: number, line: number): boolean {
    p = this.uint(c, p, end);
    const owner = this.num;
    p = this.uint(c, this.lit(c, p, end, L.n), end);
    const n = this.num;
    p = this.value(c, this.lit(c, p, end, L.name), end);
    const name = this.str;
    p = this.lit(c, p, end, L.at);
    if (p < 0 || c[p + 2] !== COLON || p + 5 !== end) return false;
    const minutes = two(c, p);
    const seconds = two(c, p + 3);
    if (minutes < 0 || seconds < 0) return false;

    const current = b.s.recipes.length;
    if (b.section !== SECTION.RECIPE || owner < 1 || owner !== current) return false;
    const recipe = b.s.recipes[current - 1]!;
    if (n !== recipe.events.length + 1) return false;
    b.pushEvent(recipe, { name, minutes, seconds }, line);
    return true;
  }

  /** `icon=… color=… favorite=…`, the end of every BUTTON line; sets this.lookIcon, this.lookColor and this.num (favourite). */
  private buttonLook(c: Uint8Array, p: number, end: number): number {
    p = this.repeated(this.icons, c, this.lit(c, p, end, L.icon), end);
    const icon = this.str;
    p = this.repeated(this.colors, c, this.lit(c, p, end, L.color), end);
    if (p < 0 || !COLORS.has(this.str)) return -1;
    this.lookIcon = icon;
    this.lookColor = this.str as ButtonColor;
    return this.flag(c, this.lit(c, p, end, L.favorite), end);
  }

  private screenButton(c: Uint8Array, b: Builder, p: number, end: number, line: number): boolean {
    p = this.uint(c, p, end);
    const screen = this.num;
    p = this.uint(c, this.lit(c, p, end, L.pos), end);
    const position = this.num;
    if (p < 0) return false;
    let kind: 'recipe' | 'category' = 'recipe';
    let q = this.lit(c, p, end, L.recipeRef);
    if (q < 0) {
      kind = 'category';
      q = this.lit(c, p, end, L.category);
    }
    p = this.uint(c, q, end);
    const ref = this.num;
    p = this.buttonLook(c, p, end);
    if (p !== end) return false;
    if (b.section !== SECTION.SCREEN || screen < 1 || screen !== b.s.screens.length) return false;
    b.pushScreenButton(
      { position, kind, ref, icon: this.lookIcon, color: this.lookColor, favorite: this.num === 1 },
      line,
    );
    return true;
  }

  private pageButton(c: Uint8Array, b: Builder, p: number, end: number, line: number): boolean {
    p = this.uint(c, p, end);
    const category = this.num;
    p = this.uint(c, this.lit(c, p, end, L.page), end);
    const page = this.num;
    p = this.uint(c, this.lit(c, p, end, L.pos), end);
    const position = this.num;
    p = this.uint(c, this.lit(c, p, end, L.recipeRef), end);
    const ref = this.num;
    p = this.buttonLook(c, p, end);
    if (p !== end) return false;
    const cats = b.s.categories;
    if (
      b.section !== SECTION.CATEGORY ||
      category < 1 ||
      category !== cats.length ||
      page === 0 ||
      page !== cats[category - 1]!.pages.length
    )
      return false;
    b.pushPageButton(
      { position, kind: 'recipe', ref, icon: this.lookIcon, color: this.lookColor, favorite: this.num === 1 },
      line,
    );
    return true;
  }
}
