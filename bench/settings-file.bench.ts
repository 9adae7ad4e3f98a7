import { maximalMiloSettings } from '../shared/domain/settings-file/examples';
import { parseSettingsFile } from '../shared/domain/settings-file/parse';
import { writeSettingsFile } from '../shared/domain/settings-file/serialize';
import { measure, ms, report, verdict } from './measure';

/**
 * The largest MiLO file (32 × 1,024 recipes): parse + validate + serialize, against a baseline of
 * JSON.parse + JSON.stringify of the same data measured in the same run.
 */
export async function settingsFileBench() {
  const file = writeSettingsFile(maximalMiloSettings()).slice();
  // The settings as the app holds them after reading a file (the generator's objects are laid out
  // differently in memory, which alone makes writing them 1.5× slower).
  const read = parseSettingsFile(file, { expectedType: 'MiLO/Double MiLO' });
  if (!read.ok) throw new Error('maximal file refused');
  const settings = read.settings;
  const json = JSON.stringify(settings);

  const runs = 11;
  const baseline = await measure(() => JSON.stringify(JSON.parse(json)), runs);
  const codec = await measure(() => {
    const r = parseSettingsFile(file, { expectedType: 'MiLO/Double MiLO' });
    if (!r.ok) throw new Error('maximal file refused');
    return writeSettingsFile(r.settings);
  }, runs);
  const parseOnly = await measure(() => parseSettingsFile(file), runs);
  const serializeOnly = await measure(() => writeSettingsFile(settings), runs);

  report('Settings file: maximal MiLO (32 categories × 1,024 recipes), median (best) of 11 runs', [
    [
      'file size',
      `${(file.length / 1024 / 1024).toFixed(1)} MiB, ${file.filter((b) => b === 10).length} lines`,
    ],
    ['baseline JSON.parse + JSON.stringify', `${ms(baseline.median)} (${ms(baseline.best)})`],
    ['parse + validate + serialize', `${ms(codec.median)} (${ms(codec.best)})`],
    ['  of which parse + validate', `${ms(parseOnly.median)} (${ms(parseOnly.best)})`],
    ['  of which serialize', `${ms(serializeOnly.median)} (${ms(serializeOnly.best)})`],
    ['ratio to baseline', `${(codec.median / baseline.median).toFixed(2)}×`],
    ['parse + validate + serialize, median', verdict(codec.median, { atMost: 200 }, ' ms', 1)],
  ]);
}
