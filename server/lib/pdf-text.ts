/**
 * Text in Hearth's PDFs exactly as it was typed, in any script a kitchen writes: each character is drawn with the
 * first bundled Noto font that has it (Latin with Cyrillic, Greek and Vietnamese; Hebrew; Arabic; Chinese, Japanese
 * and Korean), embedded as a subset, right-to-left text put in visual order by the Unicode bidi algorithm and Arabic
 * joined by the font's own shaping. A character no font has is drawn as a visible □ and reported, never a silent '?'.
 */
import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import * as fontkit from 'fontkit';

type Doc = PDFKit.PDFDocument;
export type Weight = 'regular' | 'bold';

interface Face {
  key: string;
  files: Record<Weight, string>;
}

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => require.resolve(`@expo-google-fonts/${pkg}/${file}`);
const face = (key: string, pkg: string, stem: string): Face => ({
  key,
  files: {
    regular: fontFile(pkg, `400Regular/${stem}_400Regular.ttf`),
    bold: fontFile(pkg, `700Bold/${stem}_700Bold.ttf`),
  },
});

const LATIN = face('latin', 'noto-sans', 'NotoSans');
const HEBREW = face('hebrew', 'noto-sans-hebrew', 'NotoSansHebrew');
const ARABIC = face('arabic', 'noto-sans-arabic', 'NotoSansArabic');
const CHINESE = face('sc', 'noto-sans-sc', 'NotoSansSC');
const JAPANESE = face('jp', 'noto-sans-jp', 'NotoSansJP');
const KOREAN = face('kr', 'noto-sans-kr', 'NotoSansKR');

/** The placeholder (□) for a character no bundled font has: visible in print, and the log says which it was. */
const PLACEHOLDER = 0x25a1;

// Fonts are read once per process and shared by every document (pdfkit embeds a subset per document).
const loaded = new Map<string, fontkit.Font>();
function fontOf(f: Face, weight: Weight): fontkit.Font {
  const path = f.files[weight];
  let font = loaded.get(path);
  if (!font) {
    font = fontkit.openSync(path) as fontkit.Font;
    loaded.set(path, font);
  }
  return font;
}

const isKana = (cp: number) => (cp >= 0x3040 && cp <= 0x30ff) || (cp >= 0x31f0 && cp <= 0x31ff);
const isHangul = (cp: number) => (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0x1100 && cp <= 0x11ff);
const isCjk = (cp: number) =>
  (cp >= 0x2e80 && cp <= 0x9fff) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff);
/** Scripts fontkit lays out right to left (it reverses their glyphs itself). */
const isRtlScript = (cp: number) =>
  (cp >= 0x0590 && cp <= 0x08ff) || (cp >= 0xfb1d && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfeff);
const LETTER = /\p{L}/u;
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
const isLetter = (cp: number) => LETTER.test(String.fromCodePoint(cp));

/** The fonts to try, in order: Han characters take the Japanese or Korean design when the text is so written. */
function facesFor(codePoints: number[]): Face[] {
  const cjk = codePoints.some(isKana)
    ? [JAPANESE, CHINESE, KOREAN]
    : codePoints.some(isHangul)
      ? [KOREAN, CHINESE, JAPANESE]
      : [CHINESE, JAPANESE, KOREAN];
  return [LATIN, HEBREW, ARABIC, ...cjk];
}

export interface Glyphs {
  codePoints: number[];
  faces: Face[];
  missing: number[];
}

/**
 * Which font draws each character. A character keeps the font of the one before it when that font has it, so a
 * space or a digit inside Arabic stays in one run; a combining mark stays with its letter.
 */
export function assignFaces(text: string, weight: Weight): Glyphs {
  // Line breaks stay (they end a paragraph), a tab is a space, and other controls and invisible format
  // characters (zero-width spaces, direction marks) draw nothing: no font has a glyph for them.
  const codePoints = Array.from(text, (c) => c.codePointAt(0)!)
    .map((cp) => (cp === 9 ? 32 : cp))
    .filter((cp) => cp === 10 || !INVISIBLE.test(String.fromCodePoint(cp)));
  const order = facesFor(codePoints);
  const faces: Face[] = [];
  const missing: number[] = [];
  for (let i = 0; i < codePoints.length; i++) {
    const cp = codePoints[i]!;
    const prev = faces[i - 1];
    if (cp === 10) {
      faces.push(prev ?? LATIN);
      continue;
    }
    // Letters take the first font that has them; spaces, digits, punctuation and marks stay with the run.
    if (prev && !isLetter(cp) && fontOf(prev, weight).hasGlyphForCodePoint(cp)) {
      faces.push(prev);
      continue;
    }
    const found = order.find((f) => fontOf(f, weight).hasGlyphForCodePoint(cp));
    if (found) faces.push(found);
    else {
      missing.push(cp);
      codePoints[i] = PLACEHOLDER;
      faces.push(order.find((f) => fontOf(f, weight).hasGlyphForCodePoint(PLACEHOLDER)) ?? LATIN);
    }
  }
  return { codePoints, faces, missing };
}

const fontName = (f: Face, weight: Weight) => `hearth-${f.key}-${weight}`;

interface DocText {
  weight: Weight;
  missing: Set<number>;
  registered: Set<string>;
}
const state = new WeakMap<Doc, DocText>();
function docState(doc: Doc): DocText {
  let s = state.get(doc);
  if (!s) {
    s = { weight: 'regular', missing: new Set(), registered: new Set() };
    state.set(doc, s);
  }
  return s;
}

declare global {
  namespace PDFKit {
    interface PDFDocument {
      /** `write` below, as a method so it chains like pdfkit's own `text`. */
      write(content: string | Span[], x?: number | WriteOptions, y?: number, options?: WriteOptions): this;
      /** `useFont` below: the weight of the text that follows. */
      useFont(weight: Weight): this;
    }
  }
}

/**
 * Gives a new document its fonts and the `write` and `useFont` methods; the Latin font is selected, the others
 * are registered on first use, and pdfkit embeds the subsets used.
 */
export function setUpText(doc: Doc): Doc {
  doc.write = (content, x, y, options) => {
    if (typeof x === 'object') write(doc, content, undefined, undefined, x);
    else write(doc, content, x, y, options);
    return doc;
  };
  doc.useFont = (weight) => useFont(doc, weight);
  return useFont(doc, 'regular');
}

/** Selects a bundled font, registering it with this document first (the fontkit object is read once per process). */
function select(doc: Doc, f: Face, weight: Weight): Doc {
  const name = fontName(f, weight);
  const st = docState(doc);
  if (!st.registered.has(name)) {
    st.registered.add(name);
    // pdfkit accepts a fontkit font (anything with `layout`) as well as bytes.
    doc.registerFont(name, fontOf(f, weight) as unknown as Buffer);
  }
  return doc.font(name);
}

/** Sets the weight for the text that follows (and the Latin font of that weight for pdfkit's own text calls). */
export function useFont(doc: Doc, weight: Weight): Doc {
  docState(doc).weight = weight;
  return select(doc, LATIN, weight);
}

/** The characters no bundled font had in this document, as U+XXXX. */
export function missingGlyphs(doc: Doc): string[] {
  return [...docState(doc).missing].map((cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`);
}

export interface Span {
  text: string;
  weight?: Weight;
  color?: string;
}

export interface WriteOptions {
  width?: number;
  height?: number;
  align?: 'left' | 'center' | 'right';
  lineBreak?: boolean;
  ellipsis?: boolean;
  lineGap?: number;
}

const bidi = bidiFactory();
const ELLIPSIS = 0x2026;

interface Char {
  cp: number;
  face: Face;
  weight: Weight;
  span: number;
  level: number;
}

/**
 * Writes text at (x, y), or where the last text ended, like pdfkit's `text`: wrapped to `width`, on one line with
 * `lineBreak: false`, cut with an ellipsis to `width` (and `height`). Text that Latin draws left to right alone goes
 * straight to pdfkit; anything else is laid out here.
 */
export function write(
  doc: Doc,
  content: string | Span[],
  x?: number,
  y?: number,
  options: WriteOptions = {},
) {
  const st = docState(doc);
  const spans: Span[] = typeof content === 'string' ? [{ text: content }] : content;
  const chars: Char[] = [];
  spans.forEach((span, i) => {
    const weight = span.weight ?? st.weight;
    const glyphs = assignFaces(span.text, weight);
    for (const cp of glyphs.missing) st.missing.add(cp);
    glyphs.codePoints.forEach((cp, j) => {
      chars.push({ cp, face: glyphs.faces[j]!, weight, span: i, level: 0 });
    });
  });
  // Latin written left to right goes straight to pdfkit (spans joined with `continued`, as pdfkit does rich text).
  if (chars.every((c) => c.face === LATIN && !isRtlScript(c.cp))) {
    let from = 0;
    spans.forEach((span, i) => {
      const n = Array.from(span.text).length;
      const text = String.fromCodePoint(...chars.slice(from, from + n).map((c) => c.cp));
      from += n;
      if (span.weight) useFont(doc, span.weight);
      if (span.color) doc.fillColor(span.color);
      const opts = i < spans.length - 1 ? { ...options, continued: true } : options;
      if (i > 0 || x === undefined) doc.text(text, opts);
      else doc.text(text, x, y, opts);
    });
    if (spans.length > 1 || spans[0]!.weight) useFont(doc, st.weight);
    return;
  }
  layOut(doc, spans, chars, x ?? doc.x, y ?? doc.y, options);
  useFont(doc, st.weight);
}

function layOut(doc: Doc, spans: Span[], chars: Char[], x: number, y0: number, options: WriteOptions) {
  const size = (doc as unknown as { _fontSize: number })._fontSize;
  const gap = options.lineGap ?? 0;
  let y = y0;
  // Hard line breaks make paragraphs, each with its own direction.
  const paragraphs: Char[][] = [[]];
  for (const c of chars) {
    if (c.cp === 10) paragraphs.push([]);
    else paragraphs[paragraphs.length - 1]!.push(c);
  }
  let linesLeft =
    options.lineBreak === false
      ? 1
      : options.height !== undefined
        ? Math.max(1, Math.floor((options.height + gap) / (lineHeight(doc, chars, size) + gap)))
        : Number.POSITIVE_INFINITY;
  for (const para of paragraphs) {
    if (linesLeft <= 0) break;
    const text = String.fromCodePoint(...para.map((c) => c.cp));
    const { levels, paragraphs: bidiParas } = bidi.getEmbeddingLevels(text, 'auto');
    let unit = 0;
    para.forEach((c) => {
      c.level = levels[unit]!;
      unit += c.cp > 0xffff ? 2 : 1;
    });
    const rtl = (bidiParas[0]?.level ?? 0) % 2 === 1;
    const lines = breakLines(doc, para, size, options.lineBreak === false ? undefined : options.width);
    const shown = lines.slice(0, linesLeft);
    linesLeft -= shown.length;
    const cut = shown.length < lines.length || (options.lineBreak === false && options.width !== undefined);
    shown.forEach((line, i) => {
      let chosen = line;
      if (
        options.ellipsis &&
        options.width !== undefined &&
        (cut || i < shown.length - 1) &&
        i === shown.length - 1
      )
        chosen = withEllipsis(doc, line, size, options.width, shown.length < lines.length);
      const h = lineHeight(doc, chosen, size);
      if (options.lineBreak !== false && options.height === undefined && y + h > doc.page.maxY()) {
        doc.addPage();
        y = doc.y;
      }
      drawLine(doc, spans, chosen, x, y, size, options.width, options.align ?? (rtl ? 'right' : 'left'));
      y += h + gap;
    });
  }
  doc.x = x;
  doc.y = y;
}

// pdfkit lays text out a word at a time unless features are named, which would reverse an Arabic or Hebrew
// run word by word; an empty list has fontkit shape the whole run (its script's own features still apply).
const whole = { features: [] as PDFKit.Mixins.OpenTypeFeatures[] };

function widthOf(doc: Doc, chars: Char[], size: number): number {
  let w = 0;
  for (const run of runsOf(chars)) {
    select(doc, run.face, run.weight).fontSize(size);
    w += doc.widthOfString(run.text, whole);
  }
  return w;
}

function lineHeight(doc: Doc, chars: Char[], size: number): number {
  let h = 0;
  const seen = new Set<string>();
  for (const c of chars.length > 0 ? chars : [{ face: LATIN, weight: 'regular' as Weight }]) {
    const name = fontName(c.face, c.weight);
    if (seen.has(name)) continue;
    seen.add(name);
    h = Math.max(h, select(doc, c.face, c.weight).fontSize(size).currentLineHeight(true));
  }
  return h;
}

const isSpace = (cp: number) => cp === 32 || cp === 9 || cp === 0x3000;

/** Greedy breaking at spaces and around CJK characters (which take no spaces); a word too long is split. */
function breakLines(doc: Doc, para: Char[], size: number, width: number | undefined): Char[][] {
  if (width === undefined) return [para];
  const words: Char[][] = [];
  let word: Char[] = [];
  for (const c of para) {
    if (isCjk(c.cp) && word.length > 0 && !isSpace(word[word.length - 1]!.cp)) {
      words.push(word);
      word = [];
    }
    word.push(c);
    if (isSpace(c.cp) || isCjk(c.cp)) {
      words.push(word);
      word = [];
    }
  }
  if (word.length > 0) words.push(word);
  const lines: Char[][] = [];
  let line: Char[] = [];
  for (const w of words) {
    const candidate = [...line, ...w];
    if (line.length === 0 || widthOf(doc, trimEnd(candidate), size) <= width) {
      line = candidate;
    } else {
      lines.push(line);
      line = [...w];
    }
    // A word wider than the line is split where it stops fitting.
    while (line.length > 1 && widthOf(doc, trimEnd(line), size) > width) {
      let n = line.length - 1;
      while (n > 1 && widthOf(doc, line.slice(0, n), size) > width) n--;
      lines.push(line.slice(0, n));
      line = line.slice(n);
    }
  }
  if (line.length > 0 || lines.length === 0) lines.push(line);
  return lines.map(trimEnd);
}

function trimEnd(line: Char[]): Char[] {
  let n = line.length;
  while (n > 0 && isSpace(line[n - 1]!.cp)) n--;
  return n === line.length ? line : line.slice(0, n);
}

function withEllipsis(doc: Doc, line: Char[], size: number, width: number, alwaysMark: boolean): Char[] {
  if (!alwaysMark && widthOf(doc, line, size) <= width) return line;
  const last = line[line.length - 1] ?? {
    face: LATIN,
    weight: 'regular' as Weight,
    span: 0,
    level: 0,
    cp: 32,
  };
  const mark: Char = { ...last, cp: ELLIPSIS, face: LATIN };
  let n = line.length;
  while (n > 0 && widthOf(doc, [...trimEnd(line.slice(0, n)), mark], size) > width) n--;
  return [...trimEnd(line.slice(0, n)), mark];
}

/** Rule L2 of the bidi algorithm: from the highest level down to the lowest odd one, reverse each run at or above it. */
function visualOrder(line: Char[]): Char[] {
  const out = [...line];
  let high = 0;
  let lowOdd = Number.POSITIVE_INFINITY;
  for (const c of out) {
    high = Math.max(high, c.level);
    if (c.level % 2 === 1) lowOdd = Math.min(lowOdd, c.level);
  }
  for (let level = high; level >= lowOdd && level > 0; level--) {
    let i = 0;
    while (i < out.length) {
      if (out[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < out.length && out[j]!.level >= level) j++;
      out.splice(i, j - i, ...out.slice(i, j).reverse());
      i = j;
    }
  }
  return out;
}

interface Run {
  face: Face;
  weight: Weight;
  span: number;
  level: number;
  text: string;
}

/** Consecutive characters of one font, weight, span and bidi level, taken in the order given. */
function runsOf(chars: Char[]): Run[] {
  const runs: Run[] = [];
  let cps: number[] = [];
  let head: Char | undefined;
  const flush = () => {
    if (head && cps.length > 0)
      runs.push({
        face: head.face,
        weight: head.weight,
        span: head.span,
        level: head.level,
        text: String.fromCodePoint(...cps),
      });
    cps = [];
  };
  for (const c of chars) {
    if (
      !head ||
      c.face !== head.face ||
      c.weight !== head.weight ||
      c.span !== head.span ||
      c.level !== head.level
    ) {
      flush();
      head = c;
    }
    cps.push(c.cp);
  }
  flush();
  return runs;
}

/** One line's runs in drawing order, left to right, each as the text to hand to fontkit. */
function lineRuns(line: Char[]): (Run & { rtl?: true })[] {
  const visual = visualOrder(line).map((c) => {
    if (c.level % 2 === 0) return c;
    const mirrored = bidi.getMirroredCharacter(String.fromCodePoint(c.cp));
    return mirrored ? { ...c, cp: mirrored.codePointAt(0)! } : c;
  });
  // fontkit lays right-to-left scripts out itself (it reverses their glyphs after shaping), so a run in such a
  // script is handed over in reading order, which also lets Arabic letters join.
  return runsOf(visual).map((r) => {
    const cps = Array.from(r.text, (ch) => ch.codePointAt(0)!);
    return cps.some(isRtlScript) ? { ...r, text: String.fromCodePoint(...cps.reverse()), rtl: true } : r;
  });
}

/** The runs a single line of text is drawn as, left to right (for tests of the bidi layout). */
export function layoutLine(text: string, weight: Weight = 'regular'): { font: string; text: string }[] {
  const glyphs = assignFaces(text, weight);
  const { levels } = bidi.getEmbeddingLevels(text, 'auto');
  let unit = 0;
  const chars = glyphs.codePoints.map((cp, i) => {
    const level = levels[unit]!;
    unit += cp > 0xffff ? 2 : 1;
    return { cp, face: glyphs.faces[i]!, weight, span: 0, level };
  });
  return lineRuns(chars).map((r) => ({ font: r.face.key, text: r.text }));
}

function drawLine(
  doc: Doc,
  spans: Span[],
  line: Char[],
  x: number,
  y: number,
  size: number,
  width: number | undefined,
  align: 'left' | 'center' | 'right',
) {
  const runs = lineRuns(line);
  const widths = runs.map((r) => {
    select(doc, r.face, r.weight).fontSize(size);
    return doc.widthOfString(r.text, whole);
  });
  const total = widths.reduce((a, b) => a + b, 0);
  let cx = x;
  if (width !== undefined && align === 'right') cx = x + width - total;
  if (width !== undefined && align === 'center') cx = x + (width - total) / 2;
  const ascent = (r: Run) => {
    select(doc, r.face, r.weight).fontSize(size);
    return ((doc as unknown as { _font: { ascender: number } })._font.ascender / 1000) * size;
  };
  const baseline = y + Math.max(0, ...runs.map(ascent));
  runs.forEach((r, i) => {
    const color = spans[r.span]?.color;
    if (color) doc.fillColor(color);
    select(doc, r.face, r.weight).fontSize(size);
    // Shaped right-to-left glyphs do not map back to their letters one by one (Arabic letters share dotless
    // forms), so readers get the letters as ActualText, in the visual order the glyphs stand in (as pdftotext reads).
    if ('rtl' in r)
      doc.markContent('Span', {
        actual: Array.from(r.text).reverse().join(''),
      } as PDFKit.Mixins.MarkingOptions);
    doc.text(r.text, cx, baseline - ascent(r), { lineBreak: false, ...whole });
    if ('rtl' in r) doc.endMarkedContent();
    cx += widths[i]!;
  });
}
