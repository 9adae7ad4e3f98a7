import { crc32 } from './shared/domain/settings-file/crc32';
import { maximalMiloSettings } from './shared/domain/settings-file/examples';
import { parseSettings } from './shared/domain/settings-file/parse';
import { serializeSettings } from './shared/domain/settings-file/serialize';

const s = maximalMiloSettings();
const f = serializeSettings(s);
const j = JSON.stringify(s);
const t = (label: string, fn: () => unknown) => {
  const ts: number[] = [];
  for (let i = 0; i < 6; i++) {
    const a = performance.now();
    fn();
    ts.push(performance.now() - a);
  }
  ts.sort((x, y) => x - y);
  console.log(label.padEnd(22), ts[3]!.toFixed(0), 'ms');
};
t('JSON.stringify', () => JSON.stringify(s));
t('JSON.parse', () => JSON.parse(j));
t('serialize', () => serializeSettings(s));
t('crc32', () => crc32(f));
t('split lines', () => f.split('\n'));
t('parse', () => parseSettings(f));
