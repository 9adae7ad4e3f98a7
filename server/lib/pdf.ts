/**
 * Drawing Hearth's PDFs with pdfkit: the header with the provider's mark, page numbers, tables, and one recipe with
 * every stage. Used by the recipes PDFs and the menu PDF of an oven.
 */

import type { TFunction } from 'i18next';
import PDFDocument from 'pdfkit';
import type { RecipeDetail } from '../../shared/contracts/recipes';
import { findOvenModel } from '../../shared/domain/oven-models';
import { textFieldsOf } from '../../shared/domain/recipe-fields';
import {
  formatTemp,
  fromFahrenheit,
  type TemperatureUnit,
  unitSymbol,
} from '../../shared/domain/temperature';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/i18n/languages';
import { translator } from './i18n';
import { missingGlyphs, setUpText } from './pdf-text';

export type Doc = PDFKit.PDFDocument;
export interface PdfRecipe {
  recipe: RecipeDetail;
  image: { contentType: string; bytes: Buffer } | null;
}

export const ORANGE = '#bf360c';
export const INK = '#2b2623';
export const MUTED = '#5f5a55';
export const LINE = '#dccfb4';
export const MARGIN = 48;

// The language a document is written in (its labels; what the user typed is printed as typed).
const languages = new WeakMap<Doc, TFunction>();
/** The words of this document's language. */
export const pdfT = (doc: Doc): TFunction => languages.get(doc) ?? translator(DEFAULT_LANGUAGE);

export function header(doc: Doc, provider: string, title: string) {
  const top = 28;
  doc.save();
  doc.roundedRect(MARGIN, top, 30, 30, 6).fill(ORANGE);
  doc
    .path(
      'M15 5c1 4 6 6.5 6 12.5A6 6 0 0 1 9 17.5c0-2.5 1.2-4.3 2.6-5.6-.1 2 .8 3.5 2.2 3.9C13.6 11.6 14.8 8 15 5z',
    )
    .translate(MARGIN, top)
    .fill('#ffe0b2');
  doc.restore();
  doc
    .fillColor(INK)
    .useFont('bold')
    .fontSize(16)
    .write(provider, MARGIN + 40, top + 2, { lineBreak: false });
  doc
    .fillColor(MUTED)
    .useFont('regular')
    .fontSize(9)
    .write(title, MARGIN + 40, top + 20, { lineBreak: false });
  doc
    .moveTo(MARGIN, top + 40)
    .lineTo(doc.page.width - MARGIN, top + 40)
    .strokeColor(ORANGE)
    .lineWidth(1.5)
    .stroke();
  doc.x = MARGIN;
  doc.y = top + 54;
}

/** Starts a new page when `height` does not fit; a recipe carried over says so under the header. */
export function ensureRoom(doc: Doc, height: number, provider: string, title: string, continuing?: string) {
  if (doc.y + height > doc.page.height - MARGIN - 20) {
    doc.addPage();
    header(doc, provider, title);
    if (continuing) {
      doc
        .useFont('bold')
        .fontSize(11)
        .fillColor(MUTED)
        .write(pdfT(doc)('pdf.continued', { name: continuing }), MARGIN, doc.y);
      doc.moveDown(0.5);
    }
  }
}

export function time(s: RecipeDetail['stages'][number]): string {
  return s.hours !== '00' ? `${s.hours}:${s.minutes}:${s.seconds}` : `${s.minutes}:${s.seconds}`;
}

export function table(doc: Doc, columns: { label: string; width: number }[], rows: string[][]) {
  const x0 = MARGIN;
  let y = doc.y;
  const rowHeight = 16;
  doc.useFont('bold').fontSize(8).fillColor('#ffffff');
  // A header wraps between words onto as many lines as it needs ("Luft oben %"), and a word wider than its column
  // ("Entlüftung") is set smaller rather than broken.
  const sizes = columns.map((c) => {
    const longest = Math.max(...c.label.split(/\s+/).map((w) => doc.fontSize(8).widthOfString(w)));
    return Math.max(5.5, Math.min(8, (8 * (c.width - 8)) / Math.max(longest, 1)));
  });
  const headHeight = Math.max(
    rowHeight,
    ...columns.map(
      (c, i) => Math.ceil(doc.fontSize(sizes[i]!).heightOfString(c.label, { width: c.width - 8 })) + 8,
    ),
  );
  doc
    .rect(
      x0,
      y,
      columns.reduce((a, c) => a + c.width, 0),
      headHeight,
    )
    .fill(ORANGE);
  let x = x0;
  doc.fillColor('#ffffff');
  columns.forEach((c, i) => {
    doc.fontSize(sizes[i]!).text(c.label, x + 4, y + 4, { width: c.width - 8 });
    x += c.width;
  });
  y += headHeight;
  doc.useFont('regular').fontSize(9).fillColor(INK);
  rows.forEach((row, i) => {
    if (i % 2 === 1)
      doc
        .rect(
          x0,
          y,
          columns.reduce((a, c) => a + c.width, 0),
          rowHeight,
        )
        .fill('#f7f0e1');
    doc.fillColor(INK);
    x = x0;
    row.forEach((cell, j) => {
      // A cell is one line: a word wider than its column ("APAGADO", "Geschlossen") is set smaller, never broken.
      const room = columns[j]!.width - 8;
      const wide = doc.fontSize(9).widthOfString(cell);
      doc.fontSize(wide > room ? Math.max(5.5, (9 * room) / wide) : 9);
      doc.write(cell, x + 4, y + 4, { width: room, lineBreak: false });
      x += columns[j]!.width;
    });
    doc.fontSize(9);
    y += rowHeight;
  });
  doc.x = MARGIN;
  doc.y = y + 10;
}

export function section(doc: Doc, title: string) {
  doc.useFont('bold').fontSize(11).fillColor(ORANGE).text(title, MARGIN, doc.y);
  doc.moveDown(0.3);
}

function field(doc: Doc, label: string, value: string, width: number) {
  if (!value) return;
  doc.fontSize(9).write(
    [
      { text: `${label}: `, weight: 'bold', color: MUTED },
      { text: value, weight: 'regular', color: INK },
    ],
    { width },
  );
}

/** One recipe: name, photo, oven type, category, specifications, preparation, every stage field, events. */
export function drawRecipe(
  doc: Doc,
  { recipe, image }: PdfRecipe,
  provider: string,
  title: string,
  unit: TemperatureUnit = 'F',
) {
  const t = pdfT(doc);
  ensureRoom(doc, 260, provider, title);
  const contentWidth = doc.page.width - 2 * MARGIN;
  const top = doc.y;
  const textWidth = image ? contentWidth - 150 : contentWidth;
  doc.useFont('bold').fontSize(18).fillColor(INK).write(recipe.name, MARGIN, top, { width: textWidth });
  const model = findOvenModel(recipe.oven_type);
  doc
    .useFont('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .write(
      [
        `${recipe.oven_type}${model && model.badge !== recipe.oven_type ? ` (${model.badge})` : ''}`,
        categoryIn(t, recipe.category),
        recipe.starting_state ? listedIn(t, 'catalog.startingStates', recipe.starting_state) : '',
        recipe.owner === 'provider' ? t('pdf.library', { provider }) : t('pdf.myRecipes'),
      ]
        .filter(Boolean)
        .join('  ·  '),
      { width: textWidth },
    );
  doc.moveDown(0.6);
  if (image) {
    try {
      doc.image(image.bytes, MARGIN + contentWidth - 140, top, { fit: [140, 105], align: 'right' });
    } catch {
      // A photo pdfkit cannot read is left out rather than failing the whole document.
    }
  }
  section(doc, t('pdf.specifications'));
  const specs: [string, string][] = [
    [t('pdf.productName'), recipe.product_name],
    [t('pdf.setTemp'), formatTemp(recipe.set_temp, unit)],
    ...textFieldsOf('specs').map((f): [string, string] => [t(f.label), recipe[f.key]]),
  ];
  for (const [label, value] of specs) field(doc, label, value, textWidth);
  if (image && doc.y < top + 115) doc.y = top + 115;
  doc.moveDown(0.5);

  section(doc, t('pdf.cookingStages'));
  table(
    doc,
    [
      { label: t('pdf.stage'), width: 34 },
      { label: t('pdf.time'), width: 48 },
      { label: t('pdf.temp', { unit: unitSymbol(unit) }), width: 44 },
      { label: t('stageEditor.airTop'), width: 48 },
      { label: t('stageEditor.airBottom'), width: 64 },
      { label: t('stageEditor.blower'), width: 48 },
      { label: t('stageEditor.microwave'), width: 64 },
      { label: t('stageEditor.irTop'), width: 50 },
      { label: t('stageEditor.irBottom'), width: 52 },
      { label: t('pdf.vent'), width: 44 },
    ],
    recipe.stages.map((s) => [
      String(s.order),
      time(s),
      String(fromFahrenheit(s.temp, unit)),
      String(s.percent_air_top),
      String(s.percent_air_bottom),
      String(s.blower_percent),
      String(s.microwave_percent),
      listedIn(t, 'catalog.irLevels', s.ir_lvl_top),
      listedIn(t, 'catalog.irLevels', s.ir_lvl_bottom),
      s.force_vent_open ? t('pdf.open') : t('pdf.closed'),
    ]),
  );
  if (recipe.events.length > 0) {
    ensureRoom(doc, 50, provider, title, recipe.name);
    section(doc, t('pdf.cookingEvents'));
    for (const e of recipe.events) {
      doc
        .useFont('regular')
        .fontSize(10)
        .fillColor(INK)
        .write(`${String(e.minutes).padStart(2, '0')}:${String(e.seconds).padStart(2, '0')}  ${e.name}`);
    }
    doc.moveDown(0.5);
  }
  const prep = textFieldsOf('preparation').map((f): [string, string] => [t(f.label), recipe[f.key]]);
  if (prep.some(([, v]) => v)) {
    ensureRoom(doc, 60, provider, title, recipe.name);
    section(doc, t('pdf.preparation'));
    for (const [label, value] of prep) {
      if (!value) continue;
      ensureRoom(doc, 30, provider, title, recipe.name);
      doc.useFont('bold').fontSize(9).fillColor(MUTED).text(label);
      doc.useFont('regular').fontSize(10).fillColor(INK).write(value, { width: contentWidth });
      doc.moveDown(0.3);
    }
  }
  doc.moveDown(0.6);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .strokeColor(LINE)
    .lineWidth(0.8)
    .stroke();
  doc.moveDown(1);
}

/** Page number in the bottom margin; the margin is lifted meanwhile so pdfkit does not start a new page. */
function footer(doc: Doc, n: number) {
  const { x, y } = doc;
  const bottomMargin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc
    .useFont('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(pdfT(doc)('pdf.page', { n }), MARGIN, doc.page.height - 30, {
      width: doc.page.width - 2 * MARGIN,
      align: 'right',
      lineBreak: false,
    });
  doc.page.margins.bottom = bottomMargin;
  doc.x = x;
  doc.y = y;
}

/** Where a document says which characters it printed as □ because no bundled font has them. */
export type GlyphLog = (codePoints: string[]) => void;
const logToStderr: GlyphLog = (codePoints) =>
  process.stderr.write(
    `${JSON.stringify({ level: 40, time: Date.now(), codePoints, msg: 'PDF: characters no bundled font has, printed as a box' })}\n`,
  );

/** A food category in the document's language (the value in the file stays English). */
function categoryIn(t: TFunction, category: string): string {
  return listedIn(t, 'catalog.categories', category);
}

/** A value the oven's file keeps in English (a starting state, an IR level) in the reader's language. */
function listedIn(
  t: TFunction,
  list: 'catalog.categories' | 'catalog.startingStates' | 'catalog.irLevels',
  value: string,
): string {
  const names: Record<string, string> = t(list, { returnObjects: true });
  return names[value] ?? value;
}

/** A Letter document with the header on its first page and a page number on each. */
export function startDocument(options: {
  provider: string;
  title: string;
  /** The reader's language for the document's own words (English by default). */
  language?: Language;
  onMissingGlyphs?: GlyphLog;
}): Doc {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: options.title, Author: options.provider, Creator: 'Hearth' },
  });
  setUpText(doc);
  languages.set(doc, translator(options.language ?? DEFAULT_LANGUAGE));
  doc.on('end', () => {
    const missing = missingGlyphs(doc);
    if (missing.length > 0) (options.onMissingGlyphs ?? logToStderr)(missing);
  });
  let pageNumber = 1;
  doc.on('pageAdded', () => {
    pageNumber += 1;
    footer(doc, pageNumber);
  });
  header(doc, options.provider, options.title);
  footer(doc, 1);
  doc.x = MARGIN;
  doc.y = 82;
  return doc;
}

/** The whole document as bytes (for an attachment); `draw` fills it. */
export function pdfBytes(doc: Doc, draw: () => void | Promise<void>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    Promise.resolve()
      .then(draw)
      .then(() => doc.end(), reject);
  });
}
