import type { ConvertPreview } from '../../../shared/contracts/recipes';
import { formatStageTime } from '../../../shared/domain/stage';
import { formatTemp, type TemperatureUnit } from '../../../shared/domain/temperature';
import { i18n, irLevelLabel, textOf } from '../../lib/i18n';

export type Row = { label: string; before: string; after: string };

/** What conversion changed besides the oven model, one line each, in the screens' language and the user's unit. */
export const changeLines = (preview: ConvertPreview, unit: TemperatureUnit) =>
  preview.changes.filter((c) => c.field !== 'oven_type').map((c) => textOf(c, unit));

/**
 * Source and result side by side, field by field, in the user's unit and the screens' language; a stage that is
 * gone shows '—'.
 */
export function comparisonRows(preview: ConvertPreview, unit: TemperatureUnit): Row[] {
  const { source, result } = preview;
  const t = i18n.t;
  const rows: Row[] = [
    { label: t('convert.rows.model'), before: source.oven_type, after: result.oven_type },
    { label: t('convert.rows.name'), before: source.name, after: result.name },
    {
      label: t('convert.rows.setTemp'),
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
      {
        label: t('convert.rows.time', { n: i + 1 }),
        before: part(a, formatStageTime),
        after: part(b, formatStageTime),
      },
      {
        label: t('convert.rows.temp', { n: i + 1 }),
        before: part(a, (s) => formatTemp(s.temp, unit)),
        after: part(b, (s) => formatTemp(s.temp, unit)),
      },
      {
        label: t('convert.rows.air', { n: i + 1 }),
        before: part(a, (s) => `${s.percent_air_top} / ${s.percent_air_bottom} / ${s.blower_percent} %`),
        after: part(b, (s) => `${s.percent_air_top} / ${s.percent_air_bottom} / ${s.blower_percent} %`),
      },
      {
        label: t('convert.rows.microwave', { n: i + 1 }),
        before: part(a, (s) => `${s.microwave_percent} %`),
        after: part(b, (s) => `${s.microwave_percent} %`),
      },
      {
        label: t('convert.rows.infrared', { n: i + 1 }),
        before: part(a, (s) => `${irLevelLabel(s.ir_lvl_top)} / ${irLevelLabel(s.ir_lvl_bottom)}`),
        after: part(b, (s) => `${irLevelLabel(s.ir_lvl_top)} / ${irLevelLabel(s.ir_lvl_bottom)}`),
      },
      {
        label: t('convert.rows.vent', { n: i + 1 }),
        before: part(a, (s) => (s.force_vent_open ? t('pdf.open') : t('pdf.closed'))),
        after: part(b, (s) => (s.force_vent_open ? t('pdf.open') : t('pdf.closed'))),
      },
    );
  }
  const events = (list: ConvertPreview['result']['events']) =>
    list
      .map((e) => `${e.name} ${String(e.minutes).padStart(2, '0')}:${String(e.seconds).padStart(2, '0')}`)
      .join(', ') || '—';
  rows.push({ label: t('convert.rows.events'), before: events(source.events), after: events(result.events) });
  return rows;
}
