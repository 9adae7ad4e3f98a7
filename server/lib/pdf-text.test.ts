import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecipeDetail } from '../../shared/contracts/recipes';
import { STAGE_DEFAULTS } from '../../shared/domain/stage';
import { pdfToText } from '../test/pdf-text';
import { drawRecipe, pdfBytes, startDocument } from './pdf';
import { assignFaces, layoutLine } from './pdf-text';

const SAMPLES = {
  latin: 'Bánh mì phở bò tái, crème brûlée',
  cyrillic: 'Пицца с сыром',
  greek: 'Ελληνική σαλάτα',
  chinese: '披萨放入烤箱',
  japanese: 'ピザをオーブンで焼きます',
  korean: '피자를 오븐에 굽습니다',
  hebrew: 'פיצה עם גבינה',
  arabic: 'بيتزا مع جبنة وطماطم',
};

function recipe(overrides: Partial<RecipeDetail> = {}): RecipeDetail {
  return {
    id: 1,
    name: 'Margherita',
    product_name: 'Pizza',
    oven_type: 'Matchbox 1718/1313',
    set_temp: 450,
    category: 'Pizza',
    starting_state: 'Frozen',
    dish_type: '',
    brand: '',
    icon: null,
    sku: '',
    weight: '',
    quantity: '',
    ingredients: '',
    outcome_attributes: '',
    procedure: '',
    outcome: '',
    image_url: null,
    owner: 'community',
    stages: [{ ...STAGE_DEFAULTS, order: 1, minutes: '02', seconds: '30', temp: 450 }],
    events: [],
    ...overrides,
  } as RecipeDetail;
}

async function recipePdf(r: RecipeDetail, onMissingGlyphs?: (cps: string[]) => void) {
  const doc = startDocument({
    provider: 'Hearth',
    title: 'Recipe',
    onMissingGlyphs: onMissingGlyphs ?? (() => {}),
  });
  return pdfBytes(doc, () => drawRecipe(doc, { recipe: r, image: null }, 'Hearth', 'Recipe'));
}

/** pdftotext marks right-to-left runs with embedding controls; the letters between them are what was typed. */
const plain = (text: string) => text.replace(/[\u202a-\u202e]/g, '').replace(/\s+/g, ' ');
/** Lines may break between CJK characters, where pdftotext then puts a space. */
const letters = (text: string) => text.replace(/[\s\u202a-\u202e]/g, '');

function fontsOf(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-fonts-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), bytes);
    return execFileSync('pdffonts', [join(dir, 'f.pdf')], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('text in PDFs', () => {
  it.each(Object.entries(SAMPLES))('gives %s text back as typed', async (_script, sample) => {
    const text = plain(pdfToText(await recipePdf(recipe({ procedure: sample, product_name: sample }))));
    expect(text).toContain(sample);
  });

  it('keeps every script of one line, each in a font that has it', async () => {
    const line = Object.values(SAMPLES).join(' · ');
    const bytes = await recipePdf(recipe({ ingredients: line }));
    const text = letters(pdfToText(bytes));
    for (const sample of Object.values(SAMPLES)) expect(text).toContain(letters(sample));
    const fonts = fontsOf(bytes);
    for (const family of [
      'NotoSans-',
      'NotoSansSC',
      'NotoSansJP',
      'NotoSansKR',
      'NotoSansHebrew',
      'NotoSansArabic',
    ])
      expect(fonts).toContain(family);
    expect(fonts).not.toMatch(/Helvetica/);
  });

  it('prints a character no bundled font has as a visible box, and reports it', async () => {
    const reported: string[][] = [];
    const bytes = await recipePdf(recipe({ procedure: 'Slice 🍕 and serve' }), (cps) => reported.push(cps));
    expect(plain(pdfToText(bytes))).toContain('Slice □ and serve');
    expect(reported).toEqual([['U+1F355']]);
  });

  it('keeps line breaks and tabs, and draws nothing for invisible characters (no box, nothing reported)', async () => {
    const reported: string[][] = [];
    const bytes = await recipePdf(
      recipe({ procedure: 'First line\nSecond\tline\u200b here\nПервая строка\nשורה שנייה' }),
      (cps) => reported.push(cps),
    );
    const text = plain(pdfToText(bytes));
    expect(text).toContain('First line Second line here Первая строка שורה שנייה');
    expect(text).not.toContain('□');
    expect(reported).toEqual([]);
  });

  it('embeds only the Latin font, as a subset, in a Latin recipe, so the file stays small', async () => {
    const bytes = await recipePdf(recipe({ procedure: 'Bake until golden. Crème brûlée.' }));
    const fonts = fontsOf(bytes);
    expect(fonts).toMatch(/[A-Z]{6}\+NotoSans-Regular/);
    expect(fonts).not.toMatch(/NotoSans(SC|JP|KR|Arabic|Hebrew)/);
    expect(bytes.length).toBeLessThan(40_000);
  });

  it('draws a right-to-left line in visual order: first word at the right, numbers and Latin left to right', () => {
    // fontkit reverses Arabic and Hebrew glyphs itself, so their runs are handed over in reading order.
    // Left to right: the last word, the number, the first word (each Arabic run as read, spaces with it).
    expect(layoutLine('بيتزا 12 دقيقة')).toEqual([
      { font: 'arabic', text: ' دقيقة' },
      { font: 'arabic', text: '12' },
      { font: 'arabic', text: 'بيتزا ' },
    ]);
    // "(Margherita)" keeps its letters' order at the left, its brackets mirrored into place, the Hebrew at the right.
    expect(layoutLine('פיצה (Margherita)')).toEqual([
      { font: 'latin', text: '(' },
      { font: 'latin', text: 'Margherita' },
      { font: 'hebrew', text: 'פיצה )' },
    ]);
  });

  it('keeps a space or a digit in the font of the letters around it, and a Latin letter in the Latin font', () => {
    const { faces } = assignFaces('بيتزا 12 cheese', 'regular');
    expect(faces.map((f) => f.key)).toEqual([...Array(9).fill('arabic'), ...Array(6).fill('latin')]);
  });

  it('writes Han characters with the Japanese design in Japanese text and the Korean one in Korean text', () => {
    expect(assignFaces('寿司ピザ', 'regular').faces.map((f) => f.key)).toEqual(['jp', 'jp', 'jp', 'jp']);
    expect(assignFaces('金치 피자', 'regular').faces[0]!.key).toBe('kr');
    expect(assignFaces('披萨', 'regular').faces[0]!.key).toBe('sc');
  });
});
