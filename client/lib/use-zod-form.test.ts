import { describe, expect, it } from 'vitest';
import { lazySchema } from './use-zod-form';

describe('lazySchema', () => {
  it('loads once, however often it is asked', async () => {
    let loads = 0;
    const rules = lazySchema(async () => ++loads);
    await Promise.all([rules.load(), rules.load()]);
    await rules.load();
    expect(loads).toBe(1);
  });

  it('tries again after a load that failed (the Wi-Fi dropped), rather than failing for good', async () => {
    let loads = 0;
    const rules = lazySchema(async () => {
      loads++;
      if (loads === 1) throw new Error('offline');
      return 'rules';
    });
    await expect(rules.load()).rejects.toThrow('offline');
    await expect(rules.load()).resolves.toBe('rules');
    expect(loads).toBe(2);
  });
});
