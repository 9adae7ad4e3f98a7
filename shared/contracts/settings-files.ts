import { z } from 'zod';
import { MESSAGES } from '../domain/messages';
import { OVEN_TYPES } from '../domain/oven-models';
import { ovenName } from './ovens';

/** Largest settings file accepted for import (the largest MiLO file is about 15 MB). */
export const SETTINGS_FILE_MAX_CHARS = 24 * 1024 * 1024;

/** POST /api/files: the oven's name and type and the file read as text (spec §5 import). */
export const importSettingsRequest = z.object({
  oven_name: ovenName,
  oven_type: z.enum(OVEN_TYPES, { error: MESSAGES.ovenType }),
  data: z
    .string({ error: 'No valid file detected. Please verify your inputs.' })
    .min(1, 'No valid file detected. Please verify your inputs.')
    .max(SETTINGS_FILE_MAX_CHARS, 'The file is too large to be a settings file.'),
});

/** The client's check of a chosen file name against the oven type (spec §5 messages). */
export function settingsFileNameMessage(
  fileName: string | null,
  family: 'ai2' | 'rcp',
): { ok: boolean; message: string } {
  if (!fileName) return { ok: false, message: 'No valid file detected. Please verify your inputs.' };
  const ok = fileName.toLowerCase().endsWith(`.${family}`);
  return ok
    ? { ok, message: `File "${fileName}" selected. Replace it above if necessary.` }
    : {
        ok,
        message: `File "${fileName}" is invalid for the selected oven type. Replace it before trying to import.`,
      };
}
