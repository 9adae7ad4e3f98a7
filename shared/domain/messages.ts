/** The spec's limits (§5, §9) that several rules or screens share; their words are in the catalogues. */
export const LIMITS = {
  minStageSeconds: 5,
  maxEvents: 2,
  eventNameMax: 24,
  categoryNameMax: 16,
  ovenNameMax: 16,
  profileNameMax: 24,
  versionNameMax: 40,
  versionNoteMax: 500,
  setTempMax: 999,
  percentStep: 5,
} as const;
