/**
 * °F or °C. The ovens, the database, the API and settings files hold whole °F; a user who reads °C sees and types
 * °C, converted here at the edge. A typed °C becomes the nearest whole °F; a range shown in °C is rounded inwards,
 * so every °C value inside it converts to a °F value inside the oven's range, and typed values are held inside it;
 * a step (the largest difference between stages) is shown as 'about' the nearest °C, the rule staying in °F.
 */
export const TEMPERATURE_UNITS = ['F', 'C'] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];
export const DEFAULT_TEMPERATURE_UNIT: TemperatureUnit = 'F';

/**
 * The unit a new account starts in, from the language it signs up in: °F in English (the provider's home market),
 * °C in every other language Hearth speaks (Spain, France, Germany read °C). The profile changes it.
 */
export function startingUnit(language: string | null | undefined): TemperatureUnit {
  return !language || language === 'en' ? 'F' : 'C';
}

export const unitSymbol = (unit: TemperatureUnit) => (unit === 'C' ? '°C' : '°F');

/** A stored °F as the user reads it (nearest whole degree). */
export function fromFahrenheit(f: number, unit: TemperatureUnit): number {
  return unit === 'F' ? f : Math.round(((f - 32) * 5) / 9);
}

/** What a user typed, as the whole °F the oven holds. */
export function toFahrenheit(value: number, unit: TemperatureUnit): number {
  return unit === 'F' ? Math.round(value) : Math.round((value * 9) / 5 + 32);
}

/** '450 °F' or '232 °C'. */
export function formatTemp(f: number, unit: TemperatureUnit): string {
  return `${fromFahrenheit(f, unit)} ${unitSymbol(unit)}`;
}

/** The model's range in the user's unit, rounded inwards. */
export function tempRange(min: number, max: number, unit: TemperatureUnit): { min: number; max: number } {
  if (unit === 'F') return { min, max };
  return { min: Math.ceil(((min - 32) * 5) / 9), max: Math.floor(((max - 32) * 5) / 9) };
}

/**
 * A difference of temperatures (a step) in the user's unit, to the nearest degree: the rule itself is kept in °F,
 * so in °C it is 'about' this many degrees (whole °C values round to °F both ways).
 */
export function tempDifference(f: number, unit: TemperatureUnit): number {
  return unit === 'F' ? f : Math.round((f * 5) / 9);
}

/** A typed temperature held within a model's range as the user reads it: the °C range is the one shown. */
export function clampTyped(value: number, min: number, max: number, unit: TemperatureUnit): number {
  const range = tempRange(min, max, unit);
  return Math.min(range.max, Math.max(range.min, Math.round(value)));
}
