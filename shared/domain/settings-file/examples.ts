import { FOOD_CATEGORIES } from '../catalog';
import { OVEN_MODELS, type OvenModel, type OvenType, ovenModel } from '../oven-models';
import { STAGE_DEFAULTS, type Stage } from '../stage';
import type { OvenSettings, SettingsButton, SettingsRecipe } from './types';

/**
 * Deterministic example settings: one realistic file per oven model (the golden fixtures) and the largest
 * MiLO file the rules allow (32 categories × 1,024 recipes). Used by tests, the benchmark and the docs.
 */

function stage(order: number, model: OvenModel, temp: number, minutes: number, seconds: number): Stage {
  return {
    ...STAGE_DEFAULTS,
    order,
    hours: model.maxHours > 0 && minutes >= 60 ? '01' : '00',
    minutes: String(minutes % 60 === minutes ? minutes : minutes - 60).padStart(2, '0'),
    seconds: String(seconds).padStart(2, '0'),
    temp,
    percent_air_top: 50 + order * 5,
    percent_air_bottom: 40,
    blower_percent: 60,
    microwave_percent: model.microwave ? 30 + order * 10 : 0,
    ir_lvl_top: model.infrared ? 'MEDIUM' : 'OFF',
    ir_lvl_bottom: model.infrared ? 'LOW' : 'OFF',
    force_vent_open: model.forceVent && order === 2,
  };
}

function recipe(
  model: OvenModel,
  name: string,
  i: number,
  extra: Partial<SettingsRecipe> = {},
): SettingsRecipe {
  const base = Math.min(model.maxTemp - 2 * model.tempStep, Math.max(model.minTemp, 400 + (i % 5) * 10));
  const stages = Array.from({ length: model.maxStages }, (_, s) =>
    stage(s + 1, model, base + s * Math.floor(model.tempStep / 2), 1 + ((i + s) % 3), (i * 7 + s * 11) % 60),
  );
  return {
    name: name.slice(0, model.recipeNameMax),
    product_name: `${name} product`.slice(0, 40),
    set_temp: base,
    category: FOOD_CATEGORIES[i % FOOD_CATEGORIES.length]!,
    starting_state: null,
    icon: 'ICON_RECIPE_DEFAULT',
    dish_type: '',
    brand: '',
    sku: '',
    weight: '',
    quantity: '',
    ingredients: '',
    outcome_attributes: '',
    procedure: '',
    outcome: '',
    stages,
    events: [],
    ...extra,
  };
}

const button = (
  position: number,
  kind: 'recipe' | 'category',
  ref: number,
  extra: Partial<SettingsButton> = {},
): SettingsButton => ({
  position,
  kind,
  ref,
  icon: kind === 'recipe' ? 'ICON_PIZZA' : 'ICON_CATEGORY_DEFAULT',
  color: kind === 'recipe' ? 'ORANGE_900' : 'GREY_600',
  favorite: false,
  ...extra,
});

/** A small, realistic oven of each model: warm-ups, several recipes, two screens or categories, events, text. */
export function exampleSettings(type: OvenType): OvenSettings {
  const model = ovenModel(type);
  const names = ['Pepperoni Pizza', 'Garlic Knots', 'Chicken Wings', 'Cookie "XL"', 'Toasted Sub'];
  const recipes = names.map((n, i) => recipe(model, n, i));
  recipes[0] = {
    ...recipes[0]!,
    icon: 'PHOTO_PIZZA',
    starting_state: 'Frozen',
    dish_type: 'Entree',
    brand: 'House',
    sku: 'PZ-12',
    weight: '14 oz',
    quantity: '1',
    ingredients: 'Dough, sauce, mozzarella, pepperoni.\nBake from frozen.',
    outcome_attributes: 'Golden crust, cheese bubbling',
    procedure: 'Place on the screen; rotate halfway (180º).',
    outcome: 'Crispy',
    events: [
      { name: 'Rotate', minutes: 0, seconds: 45 },
      { name: 'Check cheese', minutes: 1, seconds: 0 },
    ],
  };
  const warmUps =
    model.maxWarmUps > 0
      ? [
          { name: 'Morning', temperature: Math.min(model.maxTemp, 475) },
          { name: 'Lunch rush', temperature: Math.min(model.maxTemp, 500) },
        ]
      : [];
  if (model.family === 'rcp') {
    return {
      type,
      name: `${model.badge} Front Line`,
      warmUps,
      recipes,
      screens: [
        {
          buttons: [
            button(1, 'category', 1),
            button(2, 'category', 2, { color: 'DARK_GREY' }),
            button(3, 'recipe', 5),
          ],
        },
      ],
      categories: [
        {
          name: 'Pizza',
          icon: 'ICON_PIZZA',
          pages: [{ buttons: [button(1, 'recipe', 1, { favorite: true }), button(2, 'recipe', 2)] }],
        },
        {
          name: 'Snacks',
          icon: 'ICON_WINGS',
          pages: [{ buttons: [button(1, 'recipe', 3), button(2, 'recipe', 4, { color: 'LIGHT_ORANGE' })] }],
        },
      ],
    };
  }
  return {
    type,
    name: `${model.badge} Front Line`,
    warmUps,
    recipes,
    screens: [
      {
        buttons: [
          button(1, 'recipe', 1, { favorite: true }),
          button(2, 'category', 1),
          button(4, 'recipe', 5, { color: 'PARCHMENT' }),
        ],
      },
      { buttons: [button(1, 'recipe', 3, { icon: 'ICON_WINGS' })] },
    ],
    categories: [
      {
        name: 'Sides',
        icon: 'ICON_FRIES',
        pages: [
          { buttons: [button(1, 'recipe', 2), button(2, 'recipe', 4)] },
          { buttons: [button(3, 'recipe', 3, { color: 'ORANGE_800' })] },
        ],
      },
    ],
  };
}

/** The largest MiLO oven: 32 categories of 1,024 recipes each, every recipe distinct and valid. */
export function maximalMiloSettings(): OvenSettings {
  const model = ovenModel('MiLO/Double MiLO');
  const recipes: SettingsRecipe[] = [];
  const categories: OvenSettings['categories'] = [];
  for (let c = 0; c < model.maxCategories; c++) {
    const buttons: SettingsButton[] = [];
    for (let r = 0; r < model.maxRecipesPerCategory; r++) {
      const i = c * model.maxRecipesPerCategory + r;
      recipes.push(
        recipe(model, `C${c + 1} Recipe ${r + 1}`, i, {
          stages: recipe(model, 'x', i).stages.slice(0, 1 + (i % 3)),
        }),
      );
      buttons.push(button(r + 1, 'recipe', i + 1));
    }
    categories.push({ name: `Category ${c + 1}`, icon: 'ICON_CATEGORY_DEFAULT', pages: [{ buttons }] });
  }
  return {
    type: model.type,
    name: 'MiLO Maximum',
    warmUps: [
      { name: 'Low', temperature: 300 },
      { name: 'Medium', temperature: 425 },
      { name: 'High', temperature: 550 },
    ],
    recipes,
    screens: [{ buttons: categories.map((_, c) => button(c + 1, 'category', c + 1)) }],
    categories,
  };
}

export const EXAMPLE_TYPES = OVEN_MODELS.map((m) => m.type);
