import type { Said, SaidValue } from '../../i18n/said';
import type { ButtonColor } from '../catalog';
import type { OvenModel, OvenType } from '../oven-models';
import type { Recipe } from '../recipe';
import type { WarmUp } from '../warm-up';

/** Everything an oven needs, as Hearth's settings-file codec reads and writes it. */
export interface OvenSettings {
  type: OvenType;
  name: string;
  warmUps: WarmUp[];
  /** Every recipe the screens reference (and any kept without a button); buttons point at them by 1-based index. */
  recipes: SettingsRecipe[];
  /** Main screens in order. */
  screens: { buttons: SettingsButton[] }[];
  /** Categories in order; each is opened from exactly one main-screen button. */
  categories: SettingsCategory[];
}

/** A recipe as a settings file holds it: the recipe without its oven type (the file's own). */
export type SettingsRecipe = Omit<Recipe, 'oven_type'>;

export interface SettingsButton {
  /** 1-based slot on its screen or page; slots may be empty, so positions may skip. */
  position: number;
  kind: 'recipe' | 'category';
  /** 1-based index into `recipes` or `categories`. */
  ref: number;
  icon: string;
  color: ButtonColor;
  favorite: boolean;
}

export interface SettingsCategory {
  name: string;
  icon: string;
  pages: { buttons: SettingsButton[] }[];
}

/** One problem in a file, where it is and what it concerns, in plain words. */
export interface SettingsFileError {
  line: number;
  column: number;
  /** The field in words ('recipe 3 "Pizza", stage 2, air top'), said in the reader's language. */
  field: SaidValue;
  said: Said;
}

export type ParseResult = { ok: true; settings: OvenSettings } | { ok: false; errors: SettingsFileError[] };

export const FORMAT_VERSION = { major: 1, minor: 0 } as const;

/**
 * Where each value came from, as line numbers, so a rule broken later can point at its line and column.
 * Stages and events are kept flat: a recipe's own are contiguous, from `firstStage[r]` / `firstEvent[r]`.
 */
export interface Origins {
  oven: number;
  warmUps: number[];
  recipes: number[];
  stages: number[];
  firstStage: number[];
  events: number[];
  firstEvent: number[];
  screens: { line: number; buttons: number[] }[];
  categories: { line: number; pages: { line: number; buttons: number[] }[] }[];
}

/**
 * What the checks (`validate.ts`) read of a file being built: the settings so far, the line each record came
 * from, and where to report. The builder is one; naming only this keeps the checks from importing it.
 */
export interface BuildView {
  readonly s: OvenSettings;
  readonly o: Origins;
  readonly model: OvenModel;
  readonly problems: { add(line: number, column: number, field: SaidValue, what: Said): void };
  col(line: number, key: string): number;
}
