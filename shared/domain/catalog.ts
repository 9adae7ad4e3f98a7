/** Reference lists of spec §3: food categories, starting states, IR levels, button colours. */
export const FOOD_CATEGORIES = [
  'Bakery',
  'Dairy',
  'Pizza',
  'Protein',
  'Starches',
  'Vegetable',
  'Imported',
] as const;
export type FoodCategory = (typeof FOOD_CATEGORIES)[number];
export const DEFAULT_CATEGORY: FoodCategory = 'Bakery';

export const STARTING_STATES = ['Chilled', 'Frozen', 'Room', 'Raw', 'Thawed', 'Ambient', 'Fresh'] as const;
export type StartingState = (typeof STARTING_STATES)[number];

export const IR_LEVELS = ['OFF', 'LOW', 'MEDIUM', 'HIGH'] as const;
export type IrLevel = (typeof IR_LEVELS)[number];

/** Button background colours as the oven names them, with the colour the web draws for each. */
export const BUTTON_COLORS = {
  ORANGE_900: '#bf360c',
  ORANGE_800: '#d84315',
  GREY_600: '#757575',
  PARCHMENT: '#f3e6c8',
  LIGHT_ORANGE: '#ffcc80',
  DARK_GREY: '#424242',
} as const;
export type ButtonColor = keyof typeof BUTTON_COLORS;
export const BUTTON_COLOR_NAMES = Object.keys(BUTTON_COLORS) as ButtonColor[];

/** Text colour that stays readable on each button colour. */
export function buttonTextColor(color: ButtonColor): '#ffffff' | '#2b2623' {
  return color === 'PARCHMENT' || color === 'LIGHT_ORANGE' ? '#2b2623' : '#ffffff';
}
