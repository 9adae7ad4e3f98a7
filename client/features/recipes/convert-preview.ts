import type { ConvertPreview } from '../../../shared/contracts/recipes';
import { formatStageTime } from '../../../shared/domain/stage';
import { formatTemp, messageInUnit, type TemperatureUnit } from '../../../shared/domain/temperature';

export type Row = { label: string; before: string; after: string };

/** What conversion changed besides the oven model, one line each, in the user's unit. */
export const changeLines = (preview: ConvertPreview, unit: TemperatureUnit) =>
  preview.changes.filter((c) => c.field !== 'oven_type').map((c) => messageInUnit(c.message, unit));

/** Source and result side by side, field by field, in the user's unit; a stage that is gone shows '—'. */
export function comparisonRows(preview: ConvertPreview, unit: TemperatureUnit): Row[] {
  const { source, result } = preview;
  const rows: Row[] = [
    { label: 'Oven model', before: source.oven_type, after: result.oven_type },
    { label: 'Name', before: source.name, after: result.name },
    {
      label: 'Set temp',
      before: formatTemp(source.set_temp, unit),
      after: formatTemp(result.set_temp, unit),
    },
  ];
  const stages = Math.max(source.stages.length, result.stages.length);
  for (let i = 0; i < stages; i++) {
    const a = source.stages[i];
    const b = result.stages[i];
    const part = (s: typeof a, f: (s: NonNullable<typeof a>) => string) => (s ? f(s) : '—');
    rows.push(
      { label: `Stage ${i + 1} time`, before: part(a, formatStageTime), after: part(b, formatStageTime) },
      {
        label: `Stage ${i + 1} temperature`,
        before: part(a, (s) => formatTemp(s.temp, unit)),
        after: part(b, (s) => formatTemp(s.temp, unit)),
      },
      {
        label: `Stage ${i + 1} air top / bottom / blower`,
        before: part(a, (s) => `${s.percent_air_top} / ${s.percent_air_bottom} / ${s.blower_percent} %`),
        after: part(b, (s) => `${s.percent_air_top} / ${s.percent_air_bottom} / ${s.blower_percent} %`),
      },
      {
        label: `Stage ${i + 1} microwave`,
        before: part(a, (s) => `${s.microwave_percent} %`),
        after: part(b, (s) => `${s.microwave_percent} %`),
      },
      {
        label: `Stage ${i + 1} infrared top / bottom`,
        before: part(a, (s) => `${s.ir_lvl_top} / ${s.ir_lvl_bottom}`),
        after: part(b, (s) => `${s.ir_lvl_top} / ${s.ir_lvl_bottom}`),
      },
      {
        label: `Stage ${i + 1} force vent`,
        before: part(a, (s) => (s.force_vent_open ? 'Open' : 'Closed')),
        after: part(b, (s) => (s.force_vent_open ? 'Open' : 'Closed')),
      },
    );
  }
  const events = (list: ConvertPreview['result']['events']) =>
    list
      .map((e) => `${e.name} ${String(e.minutes).padStart(2, '0')}:${String(e.seconds).padStart(2, '0')}`)
      .join(', ') || '—';
  rows.push({ label: 'Events', before: events(source.events), after: events(result.events) });
  return rows;
}
