import { describe, expect, it } from 'vitest';
import { createTemplateRequest, locationRequest } from '../contracts/chains';
import { saveVersionRequest } from '../contracts/menus';
import { saidOf } from '../contracts/zod-said';
import { english } from '../i18n/english';
import { folderName } from './fleet';
import { disguisingCharacter, hasVisibleLetter, invisibleCharacter, withoutHiddenCharacters } from './text';

describe('disguisingCharacter', () => {
  it.each([
    ['Main\r\nSt', 'U+000D'],
    ['Store \u202Egpj.exe', 'U+202E'],
    ['Isolated \u2067x', 'U+2067'],
    ['Line\u2028break', 'U+2028'],
    ['C1 \u0085', 'U+0085'],
  ])('finds the hidden character in %j', (name, found) => {
    expect(disguisingCharacter(name)).toBe(found);
  });

  it.each(['Main St', 'פיצה', 'بيتزا', 'می\u200Cخواهم', 'Phở 24', '👩\u200D🍳 Kitchen'])(
    'leaves writing that needs no hidden character alone: %s',
    (name) => {
      expect(disguisingCharacter(name)).toBeNull();
    },
  );
});

describe('names that become files', () => {
  it('turns line breaks into spaces and drops direction overrides and invisible marks', () => {
    expect(withoutHiddenCharacters('Main\r\nSt\u202E\u200B')).toBe('Main St');
    expect(folderName('Main\r\nSt \u202Egpj.exe', 'x')).toBe('Main St gpj.exe');
  });

  it('refuses a location, template or version name carrying CR/LF or U+202E, naming the character', () => {
    const location = locationRequest.safeParse({ name: 'North\u202Ehtron' });
    expect(location.success).toBe(false);
    expect(english(saidOf(location.error!.issues[0]!))).toMatch(/found U\+202E/);
    expect(locationRequest.safeParse({ name: 'North\r\nSouth' }).success).toBe(false);
    expect(createTemplateRequest.safeParse({ name: 'Lunch\u2066', oven_id: 1 }).success).toBe(false);
    expect(saveVersionRequest.safeParse({ name: 'v1\n' }).success).toBe(true); // trimmed away first
    expect(saveVersionRequest.safeParse({ name: 'v1\nv2' }).success).toBe(false);
    expect(locationRequest.safeParse({ name: 'תל אביב' }).success).toBe(true);
  });
});

describe('names people read', () => {
  it.each([
    ['a\u200Bb', 'U+200B'],
    ['\u00AD', 'U+00AD'],
    ['x\u2060', 'U+2060'],
    ['\uFEFFStore', 'U+FEFF'],
    ['\u3164', 'U+3164'],
    ['Store \uDC00', 'U+DC00'],
  ])('finds the character that shows nothing in %j', (name, found) => {
    expect(invisibleCharacter(name)).toBe(found);
  });

  it.each(['Main St', 'می\u200Cخواهم', '👩\u200D🍳 Kitchen', 'שלום\u200F', '한국 1'])(
    'leaves the joiners and marks scripts need: %s',
    (name) => {
      expect(invisibleCharacter(name)).toBeNull();
    },
  );

  it('needs a letter or digit that shows', () => {
    expect(hasVisibleLetter('---')).toBe(false);
    expect(hasVisibleLetter('\u3164\u3164')).toBe(false);
    expect(hasVisibleLetter('7')).toBe(true);
    expect(hasVisibleLetter('東京')).toBe(true);
  });
});
