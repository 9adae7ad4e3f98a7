import { describe, expect, it } from 'vitest';
import { exampleSettings, maximalMiloSettings } from '../../shared/domain/settings-file/examples';
import { parseSettingsFile } from '../../shared/domain/settings-file/parse';
import { writeSettingsFile } from '../../shared/domain/settings-file/serialize';
import { codec } from './codec-pool';

describe('the codec worker', () => {
  it('reads and writes exactly as the codec does on the main thread', async () => {
    const settings = exampleSettings('Matchbox 1718/1313');
    const bytes = writeSettingsFile(settings);
    expect(await codec.parse(bytes, { expectedType: settings.type })).toEqual(
      parseSettingsFile(bytes, { expectedType: settings.type }),
    );
    const written = await codec.write(settings);
    expect(Buffer.from(written.bytes).equals(Buffer.from(bytes))).toBe(true);
    expect(written.problems).toEqual([]);
  });

  it('puts a large file’s recipes back together in their order from the parts the worker sends', async () => {
    const settings = maximalMiloSettings();
    const parsed = await codec.parse(writeSettingsFile(settings), { expectedType: settings.type });
    expect(parsed.ok && parsed.settings.recipes.map((r) => r.name)).toEqual(
      settings.recipes.map((r) => r.name),
    );
  });

  it('answers a damaged file with its problems, and starts again after its worker was stopped', async () => {
    const bad = await codec.parse(new TextEncoder().encode('not a settings file'), {});
    expect(bad.ok).toBe(false);
    await codec.close();
    const again = await codec.parse(writeSettingsFile(exampleSettings('MiSA')), { expectedType: 'MiSA' });
    expect(again.ok).toBe(true);
  });
});
