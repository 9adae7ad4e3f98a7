import { describe, expect, it } from 'vitest';
import { english, englishFields } from '../i18n/english';
import { fieldErrors } from './common';
import { menuFromWire, menuToWire } from './menu-wire';
import {
  createButtonRequest,
  createCategoryRequest,
  createScreenRequest,
  moveButtonRequest,
  updateButtonRequest,
  updateCategoryRequest,
} from './menus';
import { createOvenRequest, updateOvenRequest } from './ovens';
import { importSettingsRequest, settingsFileNameMessage } from './settings-files';

const errors = (r: { success: boolean; error?: unknown }) =>
  r.success ? {} : englishFields(fieldErrors(r.error as never));

describe('menu contracts', () => {
  it('categories: up to 16 letters, digits, hyphens, spaces', () => {
    expect(updateCategoryRequest.parse({ name: '  Hot Snacks-2 ' })).toEqual({ name: 'Hot Snacks-2' });
    expect(errors(updateCategoryRequest.safeParse({ name: 'Snacks & Sides' }))).toEqual({
      name: [
        'Please enter a valid category name: up to 16 letters, numbers, hyphens or spaces. "&" cannot be shown on the oven.',
      ],
    });
    expect(errors(createCategoryRequest.safeParse({ name: 'Pizza', oven_id: 1 }))).toEqual({
      screen_id: ['screen_id must be a whole number from 1 to 2147483647.'],
    });
  });

  it('screens: a page needs its category', () => {
    expect(createScreenRequest.safeParse({ type: 'main', oven_id: 3 }).success).toBe(true);
    expect(errors(createScreenRequest.safeParse({ type: 'page', oven_id: 3 }))).toEqual({
      category_id: ['A page belongs to a category: category_id is required.'],
    });
  });

  it('buttons: one change at a time, known icons and colours, positions from 1', () => {
    expect(updateButtonRequest.safeParse({ is_favorite: true }).success).toBe(true);
    expect(updateButtonRequest.safeParse({ is_favorite: true, icon: 'ICON_PIZZA' }).success).toBe(false);
    expect(errors(updateButtonRequest.safeParse({ background_color: 'PINK' }))).toMatchObject({
      background_color: [expect.stringContaining('ORANGE_900')],
    });
    expect(
      createButtonRequest.safeParse({
        position: 1,
        screen_id: 2,
        buttonable_id: 3,
        buttonable_type: 'Recipe',
      }).success,
    ).toBe(true);
    expect(
      errors(moveButtonRequest.safeParse({ screen_id: 1, current_position: 0, new_position: 2 })),
    ).toEqual({ current_position: ['Positions start at 1.'] });
    expect(
      errors(moveButtonRequest.safeParse({ screen_id: 1, current_position: '1e3', new_position: 1.5 })),
    ).toEqual({
      current_position: ['current_position must be a whole number from 1.'],
      new_position: ['new_position must be a whole number from 1.'],
    });
    // Beyond any screen: the menu's own check answers, naming the slots the screen has.
    expect(
      moveButtonRequest.parse({ screen_id: 1, current_position: 1, new_position: 100_000 }),
    ).toMatchObject({
      new_position: 100_000,
    });
  });
});

describe('oven and import contracts', () => {
  it('oven name, type and warm-ups per model', () => {
    expect(errors(createOvenRequest.safeParse({ name: '', type: 'MiSA' }))).toEqual({
      name: ['Please input a valid oven name'],
    });
    expect(errors(createOvenRequest.safeParse({ name: 'Line 1' }))).toEqual({
      type: ['Please select an oven type to start'],
    });
    expect(
      errors(
        createOvenRequest.safeParse({
          name: 'Line 1',
          type: 'Conveyor 2600/2000/1400',
          warm_ups: [{ name: 'Am', temperature: 300 }],
        }),
      ),
    ).toEqual({
      warm_ups: ['Conveyor 2600/2000/1400 ovens have no warm-up profiles.'],
    });
    expect(
      createOvenRequest.parse({
        name: 'Line 1',
        type: 'MiSA',
        warm_ups: [{ name: 'Am', temperature: '300.7' }],
      }).warm_ups,
    ).toEqual([{ name: 'Am', temperature: 300 }]);
    expect(
      errors(
        updateOvenRequest('MiSA').safeParse({
          name: 'Line 1',
          warm_ups: [{ name: 'Hot', temperature: 900 }],
        }),
      ),
    ).toEqual({
      'warm_ups.0.temperature': ['Please enter a valid profile temperature'],
    });
  });

  it('import: name, type, file text, and the file-name messages of spec §5', () => {
    expect(
      errors(importSettingsRequest.safeParse({ oven_name: 'North', oven_type: 'MiSA', data: '' })),
    ).toEqual({
      data: ['No valid file detected. Please verify your inputs.'],
    });
    expect(english(settingsFileNameMessage(null, 'ai2').said)).toBe(
      'No valid file detected. Please verify your inputs.',
    );
    const named = (name: string) => {
      const { ok, said } = settingsFileNameMessage(name, 'ai2');
      return { ok, message: english(said) };
    };
    expect(named('MILO.RCP')).toEqual({
      ok: false,
      message: 'File "MILO.RCP" is invalid for the selected oven type. Replace it before trying to import.',
    });
    expect(named('MATCHBOX.AI2')).toEqual({
      ok: true,
      message: 'File "MATCHBOX.AI2" selected. Replace it above if necessary.',
    });
  });
});

describe('the menu on the wire', () => {
  it('the spec-shaped screens read back as the same tree', () => {
    const tree = {
      screens: [
        {
          id: 1,
          buttons: [
            {
              id: 10,
              kind: 'recipe' as const,
              position: 2,
              recipe: { id: 5, name: 'Pizza', ovenType: 'MiSA' },
              icon: 'ICON_PIZZA',
              color: 'ORANGE_900' as const,
              favorite: true,
            },
            {
              id: 11,
              kind: 'category' as const,
              position: 3,
              icon: 'ICON_FRIES',
              color: 'GREY_600' as const,
              favorite: false,
              category: {
                id: 7,
                name: 'Sides',
                icon: 'ICON_FRIES',
                pages: [
                  {
                    id: 2,
                    buttons: [
                      {
                        id: 12,
                        kind: 'recipe' as const,
                        position: 1,
                        recipe: { id: 6, name: 'Fries', ovenType: 'MiSA' },
                        icon: 'ICON_FRIES',
                        color: 'PARCHMENT' as const,
                        favorite: false,
                      },
                    ],
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    const wire = menuToWire(tree);
    expect(wire[0]).toMatchObject({ screen_id: 1, position: 1, type: 'main' });
    expect(wire[0]!.screen_content[1]).toMatchObject({
      type: 'category',
      buttonable_name: 'Sides',
      recipes: 1,
      data: { category_id: 7, pages: [{ screen_id: 2, type: 'page' }] },
    });
    expect(menuFromWire(wire, 'MiSA')).toEqual(tree);
  });
});
