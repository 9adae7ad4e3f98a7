/**
 * Draws Hearth's pictures: one icon per name in shared/domain/icons.ts (ICON_* pictograms on a light disc,
 * PHOTO_* as full-colour tiles) and a thumbnail per oven model plus a default. Each is drawn as an SVG (the PDFs
 * draw these) and painted once into a WebP by Chromium, which the web app shows: a browser opens every SVG picture
 * as a document of its own on the page's main thread (11–23 ms each on this machine), where a WebP is decoded aside.
 * Run: node --import tsx scripts/generate-images.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { ICON_NAMES, iconUrl } from '../shared/domain/icons';
import { DEFAULT_OVEN_THUMBNAIL, OVEN_MODELS } from '../shared/domain/oven-models';

const root = fileURLToPath(new URL('../client/public', import.meta.url));
const INK = '#4e342e';
const CRUST = '#e0a458';
const RED = '#c62828';
const GREEN = '#558b2f';
const YELLOW = '#fbc02d';

// Device pixels per unit of the SVG's box: an icon (96 units) fills a recipe card up to about 210 CSS px, near sharp
// on a screen of two device pixels per CSS pixel; a thumbnail (160 units) is shown at 120 CSS px at most.
const ICON = { width: 96, height: 96, scale: 4 };
const THUMBNAIL = { width: 160, height: 104, scale: 2 };

/** Glyphs drawn in a 96×96 box, centred. */
const GLYPHS: Record<string, string> = {
  PIZZA: `<path d="M20 26 Q48 10 76 26 L48 82 Z" fill="${YELLOW}" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/><path d="M20 26 Q48 10 76 26" fill="none" stroke="${CRUST}" stroke-width="8" stroke-linecap="round"/><circle cx="40" cy="38" r="6" fill="${RED}"/><circle cx="56" cy="42" r="6" fill="${RED}"/><circle cx="48" cy="58" r="5" fill="${RED}"/>`,
  BURGER: `<path d="M18 44 Q18 18 48 18 Q78 18 78 44 Z" fill="${CRUST}" stroke="${INK}" stroke-width="4"/><rect x="16" y="48" width="64" height="10" rx="5" fill="${GREEN}"/><rect x="16" y="56" width="64" height="12" rx="6" fill="#6d4c41" stroke="${INK}" stroke-width="3"/><path d="M18 72 H78 Q78 82 68 82 H28 Q18 82 18 72 Z" fill="${CRUST}" stroke="${INK}" stroke-width="4"/>`,
  FRIES: `<g stroke="${INK}" stroke-width="3" fill="${YELLOW}"><rect x="30" y="16" width="8" height="40" rx="2"/><rect x="42" y="12" width="8" height="44" rx="2"/><rect x="54" y="16" width="8" height="40" rx="2"/></g><path d="M24 44 H72 L66 84 H30 Z" fill="${RED}" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`,
  WINGS: `<path d="M30 66 Q20 40 42 26 Q66 14 72 38 Q76 58 52 62 Z" fill="${CRUST}" stroke="${INK}" stroke-width="4"/><path d="M34 64 L22 78" stroke="${INK}" stroke-width="8" stroke-linecap="round"/><circle cx="20" cy="80" r="5" fill="#fff" stroke="${INK}" stroke-width="3"/>`,
  CHICKEN: `<path d="M44 58 Q22 54 26 32 Q32 14 54 18 Q76 24 70 46 Q66 60 50 60 Z" fill="${CRUST}" stroke="${INK}" stroke-width="4"/><path d="M52 60 L66 78" stroke="#fff" stroke-width="10" stroke-linecap="round"/><path d="M52 60 L66 78" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>`,
  BACON: `<g fill="none" stroke-linecap="round"><path d="M16 34 Q28 22 40 34 T64 34 T84 30" stroke="${RED}" stroke-width="12"/><path d="M16 34 Q28 22 40 34 T64 34 T84 30" stroke="#ffccbc" stroke-width="3"/><path d="M12 62 Q24 50 36 62 T60 62 T82 58" stroke="${RED}" stroke-width="12"/><path d="M12 62 Q24 50 36 62 T60 62 T82 58" stroke="#ffccbc" stroke-width="3"/></g>`,
  BISCUITS: `<g stroke="${INK}" stroke-width="4" fill="${CRUST}"><rect x="18" y="50" width="30" height="26" rx="8"/><rect x="48" y="50" width="30" height="26" rx="8"/><rect x="33" y="22" width="30" height="26" rx="8"/></g>`,
  BREAD: `<path d="M16 50 Q16 24 48 24 Q80 24 80 50 V74 H16 Z" fill="${CRUST}" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/><path d="M34 36 L40 46 M48 34 L54 44 M62 36 L68 46" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>`,
  CROISSANT: `<path d="M14 60 Q30 22 48 22 Q66 22 82 60 Q70 56 62 64 Q56 48 48 48 Q40 48 34 64 Q26 56 14 60 Z" fill="${CRUST}" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`,
  COOKIE: `<circle cx="48" cy="48" r="32" fill="${CRUST}" stroke="${INK}" stroke-width="4"/><g fill="#5d4037"><circle cx="38" cy="36" r="4"/><circle cx="58" cy="40" r="4"/><circle cx="44" cy="58" r="4"/><circle cx="62" cy="60" r="3"/><circle cx="30" cy="54" r="3"/></g>`,
  SANDWICH: `<path d="M16 66 L48 22 L80 66 Z" fill="#fff8e1" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/><path d="M22 62 H74" stroke="${GREEN}" stroke-width="6"/><path d="M26 70 H70" stroke="${RED}" stroke-width="6"/><path d="M16 74 H80" stroke="${CRUST}" stroke-width="8" stroke-linecap="round"/>`,
  FISH: `<path d="M16 48 Q36 22 62 36 L80 24 V72 L62 60 Q36 74 16 48 Z" fill="#90caf9" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/><circle cx="30" cy="44" r="4" fill="${INK}"/>`,
  VEGETABLES: `<path d="M30 74 L62 30 Q70 24 74 32 Q76 38 70 42 Z" fill="#ef6c00" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/><path d="M66 30 Q66 16 76 14 M70 32 Q82 26 86 32" stroke="${GREEN}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  EGG: `<path d="M48 16 Q74 16 76 52 Q76 80 48 80 Q20 80 20 52 Q22 16 48 16 Z" fill="#fff" stroke="${INK}" stroke-width="4"/><circle cx="48" cy="54" r="14" fill="${YELLOW}" stroke="${INK}" stroke-width="3"/>`,
  PASTA: `<path d="M14 48 H82 Q80 78 48 80 Q16 78 14 48 Z" fill="#fff" stroke="${INK}" stroke-width="4"/><path d="M22 46 Q30 30 38 46 Q46 30 54 46 Q62 30 70 46" fill="none" stroke="${YELLOW}" stroke-width="6" stroke-linecap="round"/>`,
  STEAK: `<path d="M20 44 Q24 20 52 22 Q82 24 78 50 Q74 76 46 74 Q20 72 20 44 Z" fill="#a1403a" stroke="${INK}" stroke-width="4"/><path d="M38 40 Q48 34 58 44 Q50 56 38 40 Z" fill="#fff3e0"/>`,
  MUFFIN: `<path d="M22 46 Q22 20 48 20 Q74 20 74 46 Z" fill="#6d4c41" stroke="${INK}" stroke-width="4"/><path d="M24 46 H72 L66 80 H30 Z" fill="${CRUST}" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/><path d="M38 50 L36 78 M48 50 V78 M58 50 L60 78" stroke="${INK}" stroke-width="2"/>`,
  HOTDOG: `<rect x="12" y="40" width="72" height="18" rx="9" fill="#bf5b3c" stroke="${INK}" stroke-width="4"/><path d="M16 50 Q16 70 48 70 Q80 70 80 50" fill="${CRUST}" stroke="${INK}" stroke-width="4"/><path d="M22 44 Q30 36 38 44 T54 44 T70 44" stroke="${YELLOW}" stroke-width="4" fill="none"/>`,
  RECIPE_DEFAULT: `<path d="M26 50 Q14 44 20 32 Q26 22 38 26 Q42 14 54 16 Q66 18 66 28 Q80 26 80 40 Q80 50 70 52 V70 H26 Z" fill="#fff" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/><path d="M26 62 H70" stroke="${INK}" stroke-width="4"/>`,
  CATEGORY_DEFAULT: `<g fill="#fff" stroke="${INK}" stroke-width="4"><rect x="18" y="18" width="26" height="26" rx="5"/><rect x="52" y="18" width="26" height="26" rx="5"/><rect x="18" y="52" width="26" height="26" rx="5"/><rect x="52" y="52" width="26" height="26" rx="5" fill="#ffcc80"/></g>`,
};

function icon(name: string): string {
  const photo = name.startsWith('PHOTO_');
  const key = name.replace(/^(ICON|PHOTO)_/, '');
  const glyph = GLYPHS[key];
  if (!glyph) throw new Error(`No glyph for ${name}`);
  const title = `<title>${key.replace(/_/g, ' ').toLowerCase()}</title>`;
  if (photo) {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ICON.width} ${ICON.height}" role="img">${title}<defs><radialGradient id="g" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="#fff3e0"/><stop offset="1" stop-color="#ffb74d"/></radialGradient></defs><rect width="96" height="96" rx="14" fill="url(#g)"/><ellipse cx="48" cy="84" rx="30" ry="5" fill="#000" opacity=".15"/>${glyph}</svg>\n`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ICON.width} ${ICON.height}" role="img">${title}<circle cx="48" cy="48" r="46" fill="#fff3e0"/>${glyph}</svg>\n`;
}

/** Oven thumbnails: a front view in the provider's colours, shaped per model. */
const OVENS: Record<string, string> = {
  conveyor: `<rect x="8" y="52" width="144" height="14" rx="3" fill="#9e9e9e"/><rect x="28" y="24" width="104" height="30" rx="4" fill="#bf360c"/><rect x="40" y="32" width="80" height="14" rx="2" fill="#263238"/><g stroke="#616161" stroke-width="3"><line x1="16" y1="59" x2="144" y2="59" stroke-dasharray="6 4"/></g><rect x="30" y="66" width="8" height="30" fill="#616161"/><rect x="122" y="66" width="8" height="30" fill="#616161"/>`,
  matchbox: `<rect x="30" y="14" width="100" height="76" rx="6" fill="#bf360c"/><rect x="40" y="24" width="80" height="46" rx="3" fill="#263238"/><rect x="48" y="30" width="64" height="6" rx="3" fill="#ff7043" opacity=".8"/><rect x="40" y="76" width="50" height="8" rx="2" fill="#ffe0b2"/><circle cx="110" cy="80" r="5" fill="#ffe0b2"/>`,
  m360: `<rect x="26" y="12" width="108" height="80" rx="16" fill="#bf360c"/><circle cx="80" cy="48" r="28" fill="#263238"/><circle cx="80" cy="48" r="18" fill="none" stroke="#ff7043" stroke-width="4" stroke-dasharray="10 6"/><rect x="44" y="80" width="72" height="6" rx="3" fill="#ffe0b2"/>`,
  milo: `<rect x="34" y="18" width="92" height="70" rx="8" fill="#424242"/><rect x="42" y="26" width="56" height="54" rx="4" fill="#263238"/><rect x="104" y="28" width="14" height="20" rx="2" fill="#ffcc80"/><circle cx="111" cy="62" r="5" fill="#bf360c"/><path d="M52 40 q8 -8 16 0 t16 0" stroke="#4fc3f7" stroke-width="3" fill="none"/>`,
  misa: `<rect x="30" y="16" width="100" height="72" rx="8" fill="#5d4037"/><rect x="40" y="26" width="62" height="52" rx="4" fill="#263238"/><rect x="46" y="30" width="50" height="5" rx="2" fill="#ff5722"/><rect x="46" y="68" width="50" height="5" rx="2" fill="#ff5722"/><rect x="108" y="28" width="14" height="20" rx="2" fill="#ffcc80"/>`,
  shuttle: `<rect x="20" y="22" width="120" height="60" rx="6" fill="#bf360c"/><rect x="30" y="32" width="100" height="30" rx="3" fill="#263238"/><rect x="6" y="64" width="148" height="8" rx="3" fill="#9e9e9e"/><rect x="40" y="86" width="8" height="10" fill="#616161"/><rect x="112" y="86" width="8" height="10" fill="#616161"/>`,
  default: `<rect x="30" y="16" width="100" height="72" rx="8" fill="#757575"/><rect x="40" y="26" width="80" height="44" rx="4" fill="#263238"/><rect x="40" y="76" width="50" height="6" rx="3" fill="#e0e0e0"/>`,
};

function oven(key: string, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${THUMBNAIL.width} ${THUMBNAIL.height}" role="img"><title>${label}</title><rect width="160" height="104" rx="10" fill="#f7f0e1"/>${OVENS[key]}</svg>\n`;
}

const vectorOf = (raster: string) => raster.replace(/\.webp$/, '.svg');
const pictures = [
  ...ICON_NAMES.map((name) => ({ raster: iconUrl(name), svg: icon(name), ...ICON })),
  ...OVEN_MODELS.map((m) => ({ raster: m.thumbnail, svg: oven(m.key, m.type), ...THUMBNAIL })),
  { raster: DEFAULT_OVEN_THUMBNAIL, svg: oven('default', 'Oven'), ...THUMBNAIL },
];

mkdirSync(`${root}/images/icons`, { recursive: true });
mkdirSync(`${root}/images/ovens`, { recursive: true });
for (const p of pictures) writeFileSync(`${root}${vectorOf(p.raster)}`, p.svg);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const p of pictures) {
    const page = await browser.newPage({
      viewport: { width: p.width, height: p.height },
      deviceScaleFactor: p.scale,
    });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:100vw;height:100vh}</style>${p.svg}`,
    );
    const png = (await page.screenshot({ omitBackground: true })).toString('base64');
    // Lossy at 0.9: the flat colours keep clean edges, and a PHOTO_ tile's gradient takes a quarter of a PNG's bytes.
    const webp = await page.evaluate(async (data) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext('2d')!.drawImage(image, 0, 0);
      return canvas.toDataURL('image/webp', 0.9);
    }, png);
    if (!webp.startsWith('data:image/webp;')) throw new Error('This Chromium cannot write WebP');
    writeFileSync(`${root}${p.raster}`, Buffer.from(webp.slice(webp.indexOf(',') + 1), 'base64'));
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(
  `${ICON_NAMES.length} icons and ${OVEN_MODELS.length + 1} oven thumbnails written (SVG and WebP)`,
);
