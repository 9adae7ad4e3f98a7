/**
 * The oven model catalogue: the only place the facts of each model live (spec §1, §3, §5, §9).
 * Everything else (forms, server rules, the settings-file codec, the menu editor) reads from here.
 */
export const OVEN_TYPES = [
  'Conveyor 2600/2000/1400',
  'Matchbox 1718/1313',
  'Matchbox M360 14/12',
  'MiLO/Double MiLO',
  'MiSA',
  'Shuttle 1200/1600/2000/2600',
] as const;
export type OvenType = (typeof OVEN_TYPES)[number];

export type OvenKey = 'conveyor' | 'matchbox' | 'm360' | 'milo' | 'misa' | 'shuttle';
export type SettingsFamily = 'ai2' | 'rcp';

export interface OvenModel {
  key: OvenKey;
  type: OvenType;
  /** Short badge shown on cards (spec §1). */
  badge: 'CO' | 'MB' | '360' | 'MiLO' | 'S' | 'MiSA';
  /** Model code written in settings-file headers. */
  code: 'CO' | 'MB' | 'M360' | 'MILO' | 'MISA' | 'SH';
  family: SettingsFamily;
  /** 8.3-safe name of the settings file the oven's USB loader expects. */
  fileName: string;
  minTemp: number;
  maxTemp: number;
  maxScreens: number;
  maxStages: number;
  recipeNameMax: number;
  /** Stage time limits: conveyor counts hours 0–2 and minutes 0–60; the others minutes 0–99. */
  maxHours: number;
  maxMinutes: number;
  /** Largest allowed difference between consecutive stage temperatures. */
  tempStep: number;
  maxWarmUps: number;
  /** Which stage fields the model has (spec §2.7: MiLO is microwave-assisted, MiSA is infrared). */
  microwave: boolean;
  infrared: boolean;
  forceVent: boolean;
  /**
   * How the oven lays out its menu: 'grid' ovens have main screens and category pages of fixed slots (empty slots
   * allowed); 'list' ovens (MiLO, MiSA) have one main screen and one long list per category, shown a screenful at a
   * time, with no gaps.
   */
  menuLayout: 'grid' | 'list';
  /** Buttons on one screen or page as the oven draws it. */
  buttonsPerScreen: number;
  /**
   * Columns of buttons on the oven's screen (rows follow: buttonsPerScreen / screenColumns): the editor and every
   * preview draw this grid, scaled on a small screen rather than reflowed, so what people see is what the oven shows.
   */
  screenColumns: number;
  /** Buttons a main screen holds (MiLO/MiSA: one long screen shown 6 at a time). */
  buttonsPerMainScreen: number;
  maxCategories: number;
  /** Pages in a category (inner screen); MiLO/MiSA categories are one long list instead. */
  maxPagesPerCategory: number;
  maxRecipesPerCategory: number;
  thumbnail: string;
}

const common = {
  maxPagesPerCategory: 22,
  thumbnail: '',
};

const MATCHBOX: OvenModel = {
  ...common,
  key: 'matchbox',
  type: 'Matchbox 1718/1313',
  badge: 'MB',
  code: 'MB',
  family: 'ai2',
  fileName: 'MATCHBOX.AI2',
  minTemp: 250,
  maxTemp: 525,
  maxScreens: 8,
  maxStages: 3,
  recipeNameMax: 16,
  maxHours: 0,
  maxMinutes: 99,
  tempStep: 50,
  maxWarmUps: 3,
  microwave: false,
  infrared: false,
  forceVent: true,
  menuLayout: 'grid',
  buttonsPerScreen: 8,
  screenColumns: 4,
  buttonsPerMainScreen: 8,
  maxCategories: 64,
  maxRecipesPerCategory: 22 * 8,
  thumbnail: '/images/ovens/matchbox.webp',
};

const MILO: OvenModel = {
  ...common,
  key: 'milo',
  type: 'MiLO/Double MiLO',
  badge: 'MiLO',
  code: 'MILO',
  family: 'rcp',
  fileName: 'MILO.RCP',
  minTemp: 82,
  maxTemp: 600,
  maxScreens: 1,
  maxStages: 3,
  recipeNameMax: 24,
  maxHours: 0,
  maxMinutes: 99,
  tempStep: 25,
  maxWarmUps: 3,
  microwave: true,
  infrared: false,
  forceVent: true,
  menuLayout: 'list',
  buttonsPerScreen: 6,
  screenColumns: 3,
  buttonsPerMainScreen: 32,
  maxCategories: 32,
  maxPagesPerCategory: 1,
  maxRecipesPerCategory: 1024,
  thumbnail: '/images/ovens/milo.webp',
};

export const OVEN_MODELS: readonly OvenModel[] = [
  {
    ...common,
    key: 'conveyor',
    type: 'Conveyor 2600/2000/1400',
    badge: 'CO',
    code: 'CO',
    family: 'ai2',
    fileName: 'CONVEYOR.AI2',
    minTemp: 82,
    maxTemp: 550,
    maxScreens: 8,
    maxStages: 1,
    recipeNameMax: 15,
    maxHours: 2,
    maxMinutes: 60,
    tempStep: 25,
    maxWarmUps: 0,
    microwave: false,
    infrared: false,
    forceVent: false,
    menuLayout: 'grid',
    buttonsPerScreen: 8,
    screenColumns: 4,
    buttonsPerMainScreen: 8,
    maxCategories: 64,
    maxRecipesPerCategory: 22 * 8,
    thumbnail: '/images/ovens/conveyor.webp',
  },
  MATCHBOX,
  // The M360 has the Matchbox's limits; only its name, badge, file and picture differ.
  {
    ...MATCHBOX,
    key: 'm360',
    type: 'Matchbox M360 14/12',
    badge: '360',
    code: 'M360',
    fileName: 'M360.AI2',
    thumbnail: '/images/ovens/m360.webp',
  },
  MILO,
  // MiSA: MiLO's single long screen and limits, with infrared instead of microwave and its own range.
  {
    ...MILO,
    key: 'misa',
    type: 'MiSA',
    badge: 'MiSA',
    code: 'MISA',
    fileName: 'MISA.RCP',
    minTemp: 200,
    maxTemp: 525,
    microwave: false,
    infrared: true,
    thumbnail: '/images/ovens/misa.webp',
  },
  // Shuttle: the Matchbox's layout and stages, with a hotter top and the 25 °F step.
  {
    ...MATCHBOX,
    key: 'shuttle',
    type: 'Shuttle 1200/1600/2000/2600',
    badge: 'S',
    code: 'SH',
    fileName: 'SHUTTLE.AI2',
    maxTemp: 550,
    tempStep: 25,
    thumbnail: '/images/ovens/shuttle.webp',
  },
];

export const DEFAULT_OVEN_THUMBNAIL = '/images/ovens/default.webp';
export const DEFAULT_OVEN_TYPE: OvenType = 'Matchbox 1718/1313';

const byType = new Map<string, OvenModel>(OVEN_MODELS.map((m) => [m.type, m]));
const byCode = new Map<string, OvenModel>(OVEN_MODELS.map((m) => [m.code, m]));

export function ovenModel(type: OvenType): OvenModel {
  const model = byType.get(type);
  if (!model) throw new Error(`Unknown oven type: ${type}`);
  return model;
}

export function findOvenModel(type: string): OvenModel | undefined {
  return byType.get(type);
}

export function ovenModelByCode(code: string): OvenModel | undefined {
  return byCode.get(code);
}

export function ovenThumbnail(type: string | null | undefined): string {
  return (type && byType.get(type)?.thumbnail) || DEFAULT_OVEN_THUMBNAIL;
}

/** Settings-file extension for a type (spec §5 import: ai2 for Matchbox, Shuttle, Conveyor; rcp for MiLO, MiSA). */
export function settingsExtension(type: OvenType): SettingsFamily {
  return ovenModel(type).family;
}
