import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuTree } from '../../../shared/domain/menu';
import { createTestContext, type TestContext } from '../../test/harness';
import { pdfToText } from '../../test/pdf-text';
import { menuPdf } from './menu.pdf';
import { usbChecklistPdf } from './usb-checklist.pdf';
import { usbGuidePdf } from './usb-guides';

const tree: MenuTree = {
  screens: [
    {
      id: 1,
      buttons: [
        {
          id: 1,
          position: 1,
          kind: 'recipe',
          recipe: { id: 7, name: 'Calzone', ovenType: 'Matchbox 1718/1313' },
          color: 'ORANGE_900',
          icon: 'ICON_PIZZA',
          favorite: false,
        },
        {
          id: 2,
          position: 2,
          kind: 'category',
          category: { id: 3, name: 'Sides', icon: 'ICON_FRIES', pages: [{ id: 4, buttons: [] }] },
          color: 'GREY_600',
          icon: 'ICON_FRIES',
          favorite: false,
        },
      ],
    },
  ],
};

describe("the menu PDF, the USB checklist and the USB guides in the reader's language", () => {
  it('prints a German reader the menu with German labels and the names as typed', async () => {
    const pdf = await menuPdf({
      provider: 'Hearth',
      oven: { name: 'Mittagslinie', type: 'Matchbox 1718/1313', warmUps: [] },
      tree,
      recipes: new Map(),
      printedAt: new Date('2026-11-25T12:00:00Z'),
      language: 'de',
    });
    const text = await pdfToText(pdf);
    for (const words of ['Menü von Mittagslinie', 'Bildschirm 1', '1 Kategorie', '2 Tasten', 'Leer', 'Sides'])
      expect(text).toContain(words);
    expect(text).not.toContain('Screen 1');
  });

  it('prints the checklist for whoever prepares the sticks in French', async () => {
    const pdf = await usbChecklistPdf({
      provider: 'Hearth',
      sticks: [
        {
          stick: 1,
          location: 'Port',
          oven: 'Ligne 1',
          type: 'MiSA',
          folder: 'Port/01 Ligne 1',
          fileName: 'RECIPES.RCP',
          version: null,
        },
      ],
      printedAt: new Date('2026-11-25T12:00:00Z'),
      by: 'chef',
      language: 'fr',
    });
    const text = await pdfToText(pdf);
    for (const words of [
      'Liste USB : 1 four',
      'Clé 1 : Ligne 1',
      'pas une version enregistrée',
      '2026-11-25 12:00 (UTC)',
    ])
      expect(text).toContain(words);
  });

  it('writes the USB guide in Spanish, file names unchanged', async () => {
    const text = await pdfToText(await usbGuidePdf('milo-misa', 'Hearth', 'es'));
    for (const words of ['Paso a paso', 'Si algo sale mal', 'Antes de empezar'])
      expect(text).toContain(words);
    expect(text).toMatch(/\.RCP/);
  });
});

describe('GET /guides/usb/{guide}?lang', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('answers the guide in the language asked for', async () => {
    const reply = await ctx.api('GET', '/guides/usb/matchbox-shuttle-conveyor.pdf?lang=de');
    expect(reply.statusCode).toBe(200);
    expect(await pdfToText(reply.rawPayload)).toContain('Schritt für Schritt');
  });

  it('keeps English without a language', async () => {
    const reply = await ctx.api('GET', '/guides/usb/matchbox-shuttle-conveyor.pdf');
    expect(await pdfToText(reply.rawPayload)).toContain('Step by step');
  });

  it('refuses a language it does not offer, naming the field', async () => {
    const reply = await ctx.api('GET', '/guides/usb/milo-misa.pdf?lang=xx');
    expect(reply.statusCode).toBe(422);
    expect(reply.body).toContain('lang');
  });
});
