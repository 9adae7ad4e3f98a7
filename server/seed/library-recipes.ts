import { isNull } from 'drizzle-orm';
import { type RecipeInput, recipeInput } from '../../shared/contracts/recipes';
import type { FoodCategory, StartingState } from '../../shared/domain/catalog';
import type { IconName } from '../../shared/domain/icons';
import { OVEN_MODELS, type OvenModel } from '../../shared/domain/oven-models';
import { countAll, type Db } from '../db/client';
import { insertRecipe } from '../db/recipe-store';
import { recipes } from '../db/schema/index';

/**
 * The provider's library: real-kitchen dishes for every oven model, each checked against its model's rules
 * (recipeInput) before it is written. Seeded once, when the library is empty.
 */
interface Dish {
  name: string;
  /** Used where `name` is longer than the model allows, so no library name is ever cut mid-word. */
  short?: string;
  product: string;
  category: FoodCategory;
  state: StartingState;
  icon: IconName;
  /** Stage 1 temperature in °F and total cook time in seconds; later stages step within the model's limit. */
  temp: number;
  seconds: number;
  ingredients: string;
  procedure: string;
  outcome: string;
  events?: { name: string; at: number }[];
}

const DISHES: Dish[] = [
  {
    name: 'Pepperoni Pizza',
    product: '12in Pepperoni Pizza',
    category: 'Pizza',
    state: 'Frozen',
    icon: 'PHOTO_PIZZA',
    temp: 475,
    seconds: 210,
    ingredients: 'Par-baked crust, pizza sauce, mozzarella, pepperoni',
    procedure: 'Place on a pizza screen. Cook until the cheese bubbles.',
    outcome: 'Crisp crust, browned pepperoni',
    events: [{ name: 'Rotate', at: 100 }],
  },
  {
    name: 'Margherita',
    product: '12in Margherita Pizza',
    category: 'Pizza',
    state: 'Chilled',
    icon: 'ICON_PIZZA',
    temp: 475,
    seconds: 180,
    ingredients: 'Fresh dough, tomato, fresh mozzarella, basil',
    procedure: 'Top after cooking with fresh basil.',
    outcome: 'Leopard-spotted crust',
  },
  {
    name: 'Garlic Knots',
    product: 'Garlic Knots 6pc',
    category: 'Bakery',
    state: 'Frozen',
    icon: 'ICON_BREAD',
    temp: 425,
    seconds: 120,
    ingredients: 'Dough knots, garlic butter, parsley',
    procedure: 'Brush with garlic butter after cooking.',
    outcome: 'Golden, soft inside',
  },
  {
    name: 'Chicken Wings',
    product: 'Bone-in Wings 10pc',
    category: 'Protein',
    state: 'Frozen',
    icon: 'PHOTO_WINGS',
    temp: 500,
    seconds: 300,
    ingredients: 'Bone-in wings, sauce on the side',
    procedure: 'Single layer on a basket. Toss in sauce after cooking.',
    outcome: 'Crisp skin, 165 °F inside',
    events: [{ name: 'Shake basket', at: 150 }],
  },
  {
    name: 'Boneless Wings',
    product: 'Breaded Boneless Wings',
    category: 'Protein',
    state: 'Frozen',
    icon: 'ICON_WINGS',
    temp: 475,
    seconds: 200,
    ingredients: 'Breaded chicken pieces',
    procedure: 'Spread in one layer.',
    outcome: 'Crisp coating',
  },
  {
    name: 'French Fries',
    product: 'Straight-cut Fries 6oz',
    category: 'Starches',
    state: 'Frozen',
    icon: 'PHOTO_FRIES',
    temp: 500,
    seconds: 150,
    ingredients: 'Par-fried potatoes, salt',
    procedure: 'Fill the basket halfway. Salt after cooking.',
    outcome: 'Crisp outside, fluffy inside',
    events: [{ name: 'Shake', at: 75 }],
  },
  {
    name: 'Sweet Potato Fries',
    short: 'Sweet Pot Fries',
    product: 'Sweet Potato Fries 6oz',
    category: 'Starches',
    state: 'Frozen',
    icon: 'ICON_FRIES',
    temp: 475,
    seconds: 160,
    ingredients: 'Sweet potato fries',
    procedure: 'One layer on a basket.',
    outcome: 'Caramelised edges',
  },
  {
    name: 'Bacon Strips',
    product: 'Precooked Bacon 4 strips',
    category: 'Protein',
    state: 'Chilled',
    icon: 'PHOTO_BACON',
    temp: 450,
    seconds: 60,
    ingredients: 'Precooked bacon',
    procedure: 'Lay flat on a sheet.',
    outcome: 'Crisp and hot',
  },
  {
    name: 'Breakfast Biscuit',
    short: 'Biscuit',
    product: 'Buttermilk Biscuit',
    category: 'Bakery',
    state: 'Frozen',
    icon: 'ICON_BISCUITS',
    temp: 400,
    seconds: 180,
    ingredients: 'Buttermilk biscuit dough',
    procedure: 'Space evenly on parchment.',
    outcome: 'Risen, golden top',
  },
  {
    name: 'Croissant',
    product: 'Butter Croissant',
    category: 'Bakery',
    state: 'Frozen',
    icon: 'ICON_CROISSANT',
    temp: 375,
    seconds: 240,
    ingredients: 'Proofed croissant',
    procedure: 'Egg-wash before cooking.',
    outcome: 'Flaky layers',
  },
  {
    name: 'Choc Chip Cookie',
    short: 'Chip Cookie',
    product: 'Chocolate Chip Cookie 2oz',
    category: 'Bakery',
    state: 'Frozen',
    icon: 'PHOTO_COOKIE',
    temp: 350,
    seconds: 150,
    ingredients: 'Cookie dough puck',
    procedure: 'Leave 2in between cookies.',
    outcome: 'Soft centre, set edges',
  },
  {
    name: 'Blueberry Muffin',
    short: 'Berry Muffin',
    product: 'Blueberry Muffin',
    category: 'Bakery',
    state: 'Frozen',
    icon: 'ICON_MUFFIN',
    temp: 350,
    seconds: 300,
    ingredients: 'Muffin batter, blueberries',
    procedure: 'Fill cups two thirds.',
    outcome: 'Springs back when pressed',
  },
  {
    name: 'Cheeseburger',
    product: 'Quarter-pound Cheeseburger',
    category: 'Protein',
    state: 'Chilled',
    icon: 'PHOTO_BURGER',
    temp: 500,
    seconds: 150,
    ingredients: 'Cooked patty, cheddar, bun',
    procedure: 'Cheese on top for the last stage.',
    outcome: 'Melted cheese, 160 °F',
  },
  {
    name: 'Turkey Club',
    product: 'Toasted Turkey Club',
    category: 'Protein',
    state: 'Chilled',
    icon: 'PHOTO_SANDWICH',
    temp: 450,
    seconds: 75,
    ingredients: 'Turkey, bacon, tomato, lettuce, sourdough',
    procedure: 'Toast, then add lettuce and tomato.',
    outcome: 'Toasted bread, warm centre',
  },
  {
    name: 'Italian Sub',
    product: '8in Italian Sub',
    category: 'Protein',
    state: 'Chilled',
    icon: 'ICON_SANDWICH',
    temp: 450,
    seconds: 80,
    ingredients: 'Salami, ham, provolone, sub roll',
    procedure: 'Open-faced on the tray.',
    outcome: 'Cheese melted',
  },
  {
    name: 'Salmon Fillet',
    product: 'Salmon Fillet 6oz',
    category: 'Protein',
    state: 'Chilled',
    icon: 'ICON_FISH',
    temp: 450,
    seconds: 240,
    ingredients: 'Salmon, oil, salt, lemon',
    procedure: 'Skin side down.',
    outcome: 'Flakes at 145 °F',
  },
  {
    name: 'Roast Veg Mix',
    product: 'Roasted Vegetables 8oz',
    category: 'Vegetable',
    state: 'Fresh',
    icon: 'ICON_VEGETABLES',
    temp: 475,
    seconds: 240,
    ingredients: 'Peppers, zucchini, onion, oil',
    procedure: 'Toss in oil and salt first.',
    outcome: 'Charred edges',
  },
  {
    name: 'Mac and Cheese',
    product: 'Mac and Cheese 10oz',
    category: 'Dairy',
    state: 'Chilled',
    icon: 'ICON_PASTA',
    temp: 425,
    seconds: 180,
    ingredients: 'Macaroni, cheese sauce, crumb',
    procedure: 'Top with crumb before cooking.',
    outcome: 'Bubbling, browned top',
  },
  {
    name: 'Egg Bites',
    product: 'Egg Bites 2pc',
    category: 'Dairy',
    state: 'Frozen',
    icon: 'ICON_EGG',
    temp: 350,
    seconds: 90,
    ingredients: 'Egg, cheese, peppers',
    procedure: 'In their cups.',
    outcome: 'Hot through',
  },
  {
    name: 'Steak Sandwich',
    product: 'Philly Steak Sandwich',
    category: 'Protein',
    state: 'Chilled',
    icon: 'ICON_STEAK',
    temp: 475,
    seconds: 100,
    ingredients: 'Sliced steak, peppers, provolone, roll',
    procedure: 'Cheese over the steak.',
    outcome: 'Cheese melted',
  },
  {
    name: 'Hot Dog',
    product: 'Beef Hot Dog',
    category: 'Protein',
    state: 'Chilled',
    icon: 'ICON_HOTDOG',
    temp: 450,
    seconds: 60,
    ingredients: 'Beef frank, bun',
    procedure: 'Frank in the bun.',
    outcome: 'Hot, bun toasted',
  },
  {
    name: 'Chicken Tenders',
    product: 'Breaded Tenders 4pc',
    category: 'Protein',
    state: 'Frozen',
    icon: 'ICON_CHICKEN',
    temp: 475,
    seconds: 180,
    ingredients: 'Breaded chicken tenders',
    procedure: 'One layer.',
    outcome: 'Golden, 165 °F',
  },
];

/** Every name a library recipe may have: each dish's name and, where it has one, its short name. */
export const LIBRARY_NAMES = new Set(DISHES.flatMap((d) => (d.short ? [d.name, d.short] : [d.name])));

const pad = (n: number) => String(n).padStart(2, '0');

function stagesFor(model: OvenModel, dish: Dish, variant: number): RecipeInput['stages'] {
  const count = model.maxStages === 1 ? 1 : 1 + (variant % model.maxStages);
  const start = Math.min(model.maxTemp, Math.max(model.minTemp, dish.temp));
  const per = Math.max(5, Math.round(dish.seconds / count));
  return Array.from({ length: count }, (_, i) => {
    const secs = i === count - 1 ? Math.max(5, dish.seconds - per * (count - 1)) : per;
    const temp = Math.min(model.maxTemp, Math.max(model.minTemp, start - i * Math.min(25, model.tempStep)));
    return {
      order: i + 1,
      hours: pad(Math.floor(secs / 3600)),
      minutes: pad(Math.floor((secs % 3600) / 60)),
      seconds: pad(secs % 60),
      temp,
      percent_air_top: 70 - i * 10,
      percent_air_bottom: 60 - i * 10,
      blower_percent: 80 - i * 10,
      microwave_percent: model.microwave ? 40 - i * 10 : 0,
      ir_lvl_top: model.infrared ? (['HIGH', 'MEDIUM', 'LOW'] as const)[i]! : 'OFF',
      ir_lvl_bottom: model.infrared ? (['MEDIUM', 'LOW', 'LOW'] as const)[i]! : 'OFF',
      force_vent_open: model.forceVent && i === count - 1 && count > 1,
    };
  });
}

/** About 11 dishes per model, picked so each model gets a different, sensible mix. */
export function libraryRecipes(): ReturnType<typeof recipeInput.parse>[] {
  const out: ReturnType<typeof recipeInput.parse>[] = [];
  OVEN_MODELS.forEach((model, m) => {
    for (let k = 0; k < 11; k++) {
      const dish = DISHES[(m * 5 + k * 2) % DISHES.length]!;
      const stages = stagesFor(model, dish, k);
      const totalMinutes = Math.floor(
        stages.reduce((s, st) => s + Number(st.minutes) * 60 + Number(st.seconds), 0) / 60,
      );
      const events = (dish.events ?? [])
        .filter((e) => Math.floor(e.at / 60) <= totalMinutes && e.at > 0)
        .map((e) => ({ name: e.name, minutes: Math.floor(e.at / 60), seconds: e.at % 60 }));
      out.push(
        recipeInput.parse({
          name: dish.name.length > model.recipeNameMax && dish.short ? dish.short : dish.name,
          oven_type: model.type,
          product_name: dish.product,
          set_temp: stages[0]!.temp,
          category: dish.category,
          starting_state: dish.state,
          icon: dish.icon,
          dish_type: dish.category === 'Bakery' ? 'Bakery' : 'Entree',
          brand: 'Hearth Kitchen',
          sku: `${model.code}-${String(k + 1).padStart(3, '0')}`,
          weight: '',
          quantity: '1',
          ingredients: dish.ingredients,
          outcome_attributes: dish.outcome,
          procedure: dish.procedure,
          outcome: 'Serve at once.',
          stages,
          events,
        }),
      );
    }
  });
  return out;
}

export async function seedLibrary(db: Db): Promise<number> {
  const [existing] = await db.select({ n: countAll }).from(recipes).where(isNull(recipes.teamId));
  if (Number(existing?.n ?? 0) > 0) return 0;
  const list = libraryRecipes();
  await db.transaction(async (tx) => {
    for (const r of list) await insertRecipe(tx, r, { teamId: null, createdBy: null });
  });
  return list.length;
}
