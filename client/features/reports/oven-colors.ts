import { OVEN_TYPES, type OvenType } from '../../../shared/domain/oven-models';

/** Spec §2.10: every oven model keeps its colour on every chart (distinct, and readable beside each other). */
export const OVEN_COLORS: Record<OvenType, string> = {
  'Conveyor 2600/2000/1400': '#8d6e63',
  'Matchbox 1718/1313': '#bf360c',
  'Matchbox M360 14/12': '#f9a825',
  'MiLO/Double MiLO': '#1565c0',
  MiSA: '#6a1b9a',
  'Shuttle 1200/1600/2000/2600': '#2e7d32',
};

export function ovenColor(type: string): string {
  return (OVEN_TYPES as readonly string[]).includes(type) ? OVEN_COLORS[type as OvenType] : '#757575';
}
