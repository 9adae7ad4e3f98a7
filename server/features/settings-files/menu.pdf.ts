import type { TFunction } from 'i18next';
import type { RecipeDetail } from '../../../shared/contracts/recipes';
import { BUTTON_COLORS, type ButtonColor, buttonTextColor } from '../../../shared/domain/catalog';
import type { MenuButton, MenuTree } from '../../../shared/domain/menu';
import { findOvenModel, type OvenModel } from '../../../shared/domain/oven-models';
import {
  formatTemp,
  fromFahrenheit,
  type TemperatureUnit,
  unitSymbol,
} from '../../../shared/domain/temperature';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import { translator } from '../../lib/i18n';
import { nextTurn } from '../../lib/in-turns';
import {
  type Doc,
  ensureRoom,
  INK,
  LINE,
  MARGIN,
  MUTED,
  ORANGE,
  pdfBytes,
  pdfT,
  startDocument,
  time,
} from '../../lib/pdf';
import { iconPainter } from '../../lib/pdf-icons';
import type { OvenRow } from '../ovens';

const GAP = 8;
const TILE_HEIGHT = 78;
const ROW = 13;

type Paint = ReturnType<typeof iconPainter>;

interface Context {
  doc: Doc;
  paint: Paint;
  provider: string;
  title: string;
  width: number;
  unit: TemperatureUnit;
  /** The words of the reader's language. */
  t: TFunction;
}

function heading(c: Context, text: string, sub?: string) {
  c.doc.useFont('bold').fontSize(13).fillColor(INK).write(text, MARGIN, c.doc.y, { width: c.width });
  if (sub) c.doc.useFont('regular').fontSize(9).fillColor(MUTED).write(sub, { width: c.width });
  c.doc.moveDown(0.4);
}

function star(doc: Doc, cx: number, cy: number, r: number, color: string) {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(
      `${(cx + radius * Math.cos(angle)).toFixed(2)} ${(cy + radius * Math.sin(angle)).toFixed(2)}`,
    );
  }
  doc.path(`M${points.join(' L')} Z`).fill(color);
}

/** One slot as the oven draws it: the button's colour, icon and name, or an empty outline. */
function tile(c: Context, x: number, y: number, w: number, slot: number, button: MenuButton | undefined) {
  const { doc } = c;
  if (!button) {
    doc.roundedRect(x, y, w, TILE_HEIGHT, 6).dash(3, { space: 3 }).lineWidth(0.8).stroke(LINE).undash();
    doc.useFont('regular').fontSize(8).fillColor(MUTED);
    doc.text(String(slot), x + 5, y + 4, { lineBreak: false });
    doc.write(c.t('menuPdf.empty'), x, y + TILE_HEIGHT / 2 - 4, {
      width: w,
      align: 'center',
      lineBreak: false,
    });
    return;
  }
  const color = (BUTTON_COLORS[button.color as ButtonColor] ? button.color : 'ORANGE_900') as ButtonColor;
  const ink = buttonTextColor(color);
  doc.roundedRect(x, y, w, TILE_HEIGHT, 6).fill(BUTTON_COLORS[color]);
  const icon = button.kind === 'category' ? button.category.icon : button.icon;
  c.paint(
    icon,
    x + w / 2 - 15,
    y + 7,
    30,
    button.kind === 'category' ? 'ICON_CATEGORY_DEFAULT' : 'ICON_RECIPE_DEFAULT',
  );
  doc
    .useFont('regular')
    .fontSize(7)
    .fillColor(ink)
    .text(String(slot), x + 5, y + 4, { lineBreak: false });
  if (button.kind === 'recipe' && button.favorite) star(doc, x + w - 10, y + 10, 5, ink);
  const name = button.kind === 'recipe' ? button.recipe.name : button.category.name;
  doc
    .useFont('bold')
    .fontSize(8.5)
    .fillColor(ink)
    .write(name, x + 4, y + 41, { width: w - 8, height: 22, align: 'center', ellipsis: true });
  if (button.kind === 'category') {
    const n = button.category.pages.reduce((sum, p) => sum + p.buttons.length, 0);
    doc
      .useFont('regular')
      .fontSize(7)
      .fillColor(ink)
      .write(c.t('menuPdf.categoryTile', { count: n }), x + 4, y + TILE_HEIGHT - 11, {
        width: w - 8,
        align: 'center',
        lineBreak: false,
      });
  }
}

/** A screenful of slots: `count` tiles in rows of `columns`, with the buttons at their positions. */
function screenful(
  c: Context,
  label: string,
  buttons: MenuButton[],
  first: number,
  count: number,
  columns: number,
  sub?: string,
) {
  const rows = Math.ceil(count / columns);
  ensureRoom(c.doc, 40 + rows * (TILE_HEIGHT + GAP), c.provider, c.title);
  heading(c, label, sub);
  const w = (c.width - GAP * (columns - 1)) / columns;
  const top = c.doc.y;
  const at = new Map(buttons.map((b) => [b.position, b]));
  for (let i = 0; i < count; i++) {
    const x = MARGIN + (i % columns) * (w + GAP);
    const y = top + Math.floor(i / columns) * (TILE_HEIGHT + GAP);
    tile(c, x, y, w, first + i, at.get(first + i));
  }
  c.doc.x = MARGIN;
  c.doc.y = top + rows * (TILE_HEIGHT + GAP) + 8;
}

/** MiLO and MiSA show a long list 6 buttons at a time: each screenful is drawn as the oven pages through it. */
async function listScreens(
  c: Context,
  model: OvenModel,
  title: string,
  buttons: MenuButton[],
  empty: string,
) {
  const per = model.buttonsPerScreen;
  const screens = Math.max(1, Math.ceil(buttons.length / per));
  if (buttons.length === 0) {
    ensureRoom(c.doc, 40, c.provider, c.title);
    heading(c, title, empty);
    return;
  }
  for (let s = 0; s < screens; s++) {
    const slice = buttons.slice(s * per, (s + 1) * per);
    screenful(
      c,
      s === 0 ? title : c.t('menuPdf.continued', { title }),
      slice,
      s * per + 1,
      slice.length,
      3,
      c.t('menuPdf.listScreen', {
        n: s + 1,
        total: screens,
        from: s * per + 1,
        to: s * per + slice.length,
      }),
    );
    if (s % 20 === 19) await nextTurn();
  }
}

// Each column with its heading's key.
const COLUMNS = [
  { label: 'recipe', width: 146 },
  { label: 'stage', width: 28 },
  { label: 'time', width: 40 },
  { label: 'temp', width: 34 },
  { label: 'airTop', width: 36 },
  { label: 'airBottom', width: 44 },
  { label: 'blower', width: 36 },
  { label: 'microwave', width: 34 },
  { label: 'irTop', width: 40 },
  { label: 'irBottom', width: 46 },
  { label: 'vent', width: 32 },
] as const;

function tableHeader(doc: Doc) {
  const t = pdfT(doc);
  const y = doc.y;
  doc.rect(MARGIN, y, 516, ROW + 2).fill(ORANGE);
  doc.useFont('bold').fontSize(7.5).fillColor('#ffffff');
  let x = MARGIN;
  for (const col of COLUMNS) {
    doc.write(t(`menuPdf.columns.${col.label}`), x + 3, y + 4, {
      width: col.width - 6,
      lineBreak: false,
      ellipsis: true,
    });
    x += col.width;
  }
  doc.y = y + ROW + 2;
}

/** Every recipe on the menu with all its stages, one row per stage, in the order the menu first shows them. */
async function recipesTable(c: Context, recipes: RecipeDetail[]) {
  const { doc } = c;
  ensureRoom(doc, 80, c.provider, c.title);
  heading(
    c,
    c.t('menuPdf.recipesHeading', { count: recipes.length }),
    c.t('menuPdf.recipesNote', { unit: unitSymbol(c.unit) }),
  );
  tableHeader(doc);
  for (const [index, r] of recipes.entries()) {
    // A full MiLO's menu is thousands of rows: others' requests run between every hundred.
    if (index % 100 === 99) await nextTurn();
    const height = (r.stages.length + 1) * ROW + 2;
    if (doc.y + height > doc.page.height - MARGIN - 20) {
      ensureRoom(doc, Number.POSITIVE_INFINITY, c.provider, c.title);
      tableHeader(doc);
    }
    const top = doc.y;
    if (index % 2 === 1) doc.rect(MARGIN, top, 516, height).fill('#f7f0e1');
    r.stages.forEach((s, i) => {
      const y = top + i * ROW + 3;
      const cells = [
        i === 0 ? r.name : '',
        String(s.order),
        time(s),
        String(fromFahrenheit(s.temp, c.unit)),
        String(s.percent_air_top),
        String(s.percent_air_bottom),
        String(s.blower_percent),
        String(s.microwave_percent),
        c.t(`catalog.irLevels.${s.ir_lvl_top}`),
        c.t(`catalog.irLevels.${s.ir_lvl_bottom}`),
        s.force_vent_open ? c.t('pdf.open') : c.t('pdf.closed'),
      ];
      let x = MARGIN;
      cells.forEach((cell, j) => {
        doc
          .useFont(j === 0 ? 'bold' : 'regular')
          .fontSize(8)
          .fillColor(INK)
          .write(cell, x + 3, y, { width: COLUMNS[j]!.width - 6, lineBreak: false, ellipsis: true });
        x += COLUMNS[j]!.width;
      });
    });
    const events = r.events
      .map((e) => `${String(e.minutes).padStart(2, '0')}:${String(e.seconds).padStart(2, '0')} ${e.name}`)
      .join(', ');
    const info = [
      r.product_name,
      c.t('menuPdf.setTemp', { temp: formatTemp(r.set_temp, c.unit) }),
      c.t(`catalog.categories.${r.category}` as 'catalog.categories.Pizza', { defaultValue: r.category }),
      r.starting_state
        ? c.t(`catalog.startingStates.${r.starting_state}` as 'catalog.startingStates.Raw', {
            defaultValue: r.starting_state,
          })
        : '',
      events ? c.t('menuPdf.events', { events }) : '',
    ]
      .filter(Boolean)
      .join('  ·  ');
    doc
      .useFont('regular')
      .fontSize(7.5)
      .fillColor(MUTED)
      .write(info, MARGIN + 3, top + r.stages.length * ROW + 3, {
        width: 510,
        lineBreak: false,
        ellipsis: true,
      });
    doc.y = top + height;
  }
  doc.x = MARGIN;
}

/**
 * The menu of an oven as a PDF (spec §2.7 'Share Oven's Menu as PDF'): every main screen, category and page laid
 * out as the oven shows them, each button with its colour, icon and name, then each recipe on it with all its stages.
 */
export function menuPdf(input: {
  provider: string;
  oven: Pick<OvenRow, 'name' | 'type' | 'warmUps'>;
  tree: MenuTree;
  recipes: Map<number, RecipeDetail>;
  printedAt: Date;
  /** The sharer's °F or °C. */
  unit?: TemperatureUnit;
  /** The reader's language for the document's own words. */
  language?: Language;
}): Promise<Buffer> {
  const t = translator(input.language ?? DEFAULT_LANGUAGE);
  const title = t('menuPdf.title', { oven: input.oven.name });
  const doc = startDocument({ provider: input.provider, title, language: input.language });
  const c: Context = {
    doc,
    paint: iconPainter(doc),
    provider: input.provider,
    title,
    width: doc.page.width - 2 * MARGIN,
    unit: input.unit ?? 'F',
    t,
  };
  const model = findOvenModel(input.oven.type);
  return pdfBytes(doc, async () => {
    // The recipes in the order the menu first shows them (main screens, then each category's pages).
    const order: number[] = [];
    const seen = new Set<number>();
    const note = (b: MenuButton) => {
      if (b.kind === 'recipe' && !seen.has(b.recipe.id)) {
        seen.add(b.recipe.id);
        order.push(b.recipe.id);
      }
    };
    let categories = 0;
    let buttons = 0;
    for (const s of input.tree.screens) {
      for (const b of s.buttons) {
        buttons++;
        note(b);
        if (b.kind !== 'category') continue;
        categories++;
        for (const p of b.category.pages) {
          for (const pb of p.buttons) {
            buttons++;
            note(pb);
          }
        }
      }
    }
    const warmUps = input.oven.warmUps
      .map((w) => `${w.name} ${formatTemp(w.temperature, c.unit)}`)
      .join(', ');
    doc.useFont('bold').fontSize(20).fillColor(INK).write(input.oven.name, MARGIN, doc.y);
    doc
      .useFont('regular')
      .fontSize(10)
      .fillColor(MUTED)
      .write(
        [
          input.oven.type,
          t('menuPdf.screens', { count: input.tree.screens.length }),
          t('menuPdf.categories', { count: categories }),
          t('menuPdf.buttons', { count: buttons }),
          t('menuPdf.recipes', { count: order.length }),
        ].join('  ·  '),
      );
    if (warmUps) doc.write(t('menuPdf.warmUps', { list: warmUps }));
    doc.write(t('menuPdf.printed', { date: input.printedAt.toISOString().slice(0, 10) }));
    doc.moveDown(1);

    if (!model || model.menuLayout === 'grid') {
      const per = model?.buttonsPerScreen ?? 8;
      for (const [i, screen] of input.tree.screens.entries()) {
        screenful(c, t('menuPdf.screen', { n: i + 1 }), screen.buttons, 1, per, 4);
        for (const b of screen.buttons) {
          if (b.kind !== 'category') continue;
          for (const [p, page] of b.category.pages.entries()) {
            screenful(
              c,
              `${t('menuPdf.screen', { n: i + 1 })} > ${b.category.name}`,
              page.buttons,
              1,
              per,
              4,
              t('menuPdf.categoryOn', { slot: b.position, n: p + 1, total: b.category.pages.length }),
            );
          }
          await nextTurn();
        }
      }
    } else {
      const main = input.tree.screens[0]?.buttons ?? [];
      await listScreens(c, model, t('menuPdf.main'), main, t('menuPdf.noCategories'));
      for (const b of main) {
        if (b.kind !== 'category') continue;
        await listScreens(
          c,
          model,
          b.category.name,
          b.category.pages[0]?.buttons ?? [],
          t('menuPdf.noRecipes'),
        );
      }
    }

    const recipes = order
      .map((id) => input.recipes.get(id))
      .filter((r): r is RecipeDetail => r !== undefined);
    if (recipes.length > 0) await recipesTable(c, recipes);
  });
}
