/** What the server and its codec worker say to each other. */
import type { ParseOptions } from '../../shared/domain/settings-file/parse';
import type {
  OvenSettings,
  ParseResult,
  SettingsFileError,
  SettingsRecipe,
} from '../../shared/domain/settings-file/types';

/** Recipes per message of a parse result (a few milliseconds of copying each on the main thread). */
export const RECIPES_PER_PART = 1_000;

export type CodecRequest = { id: number } & (
  | { op: 'parse'; bytes: Uint8Array; options: ParseOptions }
  | { op: 'write'; settings: OvenSettings }
  // The main thread asks for a parse result's next part once it has taken in the last one.
  | { op: 'more' }
);
export type Done = {
  id: number;
  ok: true;
  parsed?: ParseResult;
  written?: { bytes: Uint8Array; problems: SettingsFileError[] };
};
/**
 * A parse result's recipes, sent ahead of its answer one part at a time: a port hands every queued message over in
 * one turn of the event loop, so parts sent all at once would be copied in one block after all.
 */
export type Part = { id: number; part: SettingsRecipe[] };
export type CodecResponse = Done | { id: number; ok: false; error: string };
export type Request =
  | { op: 'parse'; bytes: Uint8Array; options: ParseOptions }
  | { op: 'write'; settings: OvenSettings };
