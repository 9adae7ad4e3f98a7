import { maximalMiloSettings } from '../shared/domain/settings-file/examples';
import { parseSettingsFile } from '../shared/domain/settings-file/parse';
import { writeSettingsFile } from '../shared/domain/settings-file/serialize';
import { measure, ms, report } from './measure';

/**
 * The largest MiLO file (32 × 1,024 recipes): parse + validate + serialize, against a baseline of
 * JSON.parse + JSON.stringify of the same data measured in the same run.
 */
export async function settingsFileBench() {
  const settings = maximalMiloSettings();
  const file = writeSettingsFile(settings).slice();
  const json = JSON.stringify(settings);

  const baseline = await measure(() => JSON.stringify(JSON.parse(json)));
  const codec = await measure(() => {
    const r = parseSettingsFile(file, { expectedType: 'MiLO/Double MiLO' });
    if (!r.ok) throw new Error('maximal file refused');
    return writeSettingsFile(r.settings);
  });
  const parseOnly = await measure(() => parseSettingsFile(file));
  const serializeOnly = await measure(() => writeSettingsFile(settings));

  report('Settings file: maximal MiLO (32 categories × 1,024 recipes)', [
    ['file size', `${(file.length / 1024 / 1024).toFixed(1)} MiB, ${file.filter((b) => b === 10).length} lines`],
    ['baseline JSON.parse + JSON.stringify', ms(baseline.median)],
    ['parse + validate + serialize', ms(codec.median)],
    ['  of which parse + validate', ms(parseOnly.median)],
    ['  of which serialize', ms(serializeOnly.median)],
    ['ratio to baseline', `${(codec.median / baseline.median).toFixed(2)}×`],
    ['target', `under 200 ms: ${codec.median < 200 ? 'met' : 'NOT met'}`],
  ]);
}
