import { describe, expect, it } from 'vitest';
import { english, englishOf } from '../i18n/english';
import { said } from '../i18n/said';
import { categoryNameIssue } from './category';
import { eventIssues } from './event';
import { ovenNameIssue } from './oven';
import { nearestShown, OVEN_CHARS, withRefusedCharacter } from './oven-charset';
import { recipeNameIssue } from './recipe';

describe('a name the oven cannot show', () => {
  it.each([
    ['é', 'e'],
    ['Ñ', 'N'],
    ['ß', 'ss'],
    ['Ø', 'O'],
    ['ł', 'l'],
    ['–', '-'],
  ])('suggests "%s" → "%s"', (char, near) => {
    expect(nearestShown(char, OVEN_CHARS.oven)).toBe(near);
  });

  it('suggests nothing for a character with no Latin twin', () => {
    expect(nearestShown('披', OVEN_CHARS.oven)).toBeNull();
    expect(nearestShown('!', OVEN_CHARS.oven)).toBeNull();
  });

  it('names the first refused character of a recipe name and the one to use', () => {
    expect(englishOf(recipeNameIssue('Crème brûlée'))).toBe(
      `${english(said('rules.recipeNameCharset'))} "è" cannot be shown on the oven; use "e".`,
    );
  });

  it('names a character with no suggestion', () => {
    expect(englishOf(ovenNameIssue('Oven #1'))).toBe(
      `${english(said('rules.ovenName'))}. "#" cannot be shown on the oven.`,
    );
  });

  it('suggests a hyphen for an underscore where a category name refuses it', () => {
    expect(englishOf(categoryNameIssue('Pizza_Pies'))).toBe(
      `${english(said('rules.categoryName'))} "_" cannot be shown on the oven; use "-".`,
    );
  });

  it('says the count when the length, not a character, is wrong', () => {
    expect(englishOf(ovenNameIssue('X'.repeat(17)))).toBe(
      `${english(said('rules.ovenName'))}: at most 16 characters (this one has 17).`,
    );
    expect(englishOf(categoryNameIssue(''))).toBe(english(said('rules.categoryName')));
  });

  it('names the character in an event name', () => {
    const issues = eventIssues({ name: 'Dreh um ½', minutes: 1, seconds: 0 }, 600);
    expect(english(issues[0]!.said)).toBe(
      `${english(said('rules.eventName'))} "½" cannot be shown on the oven.`,
    );
  });

  it('writes an invisible refused character by its code point', () => {
    expect(englishOf(withRefusedCharacter(said('rules.ovenName'), 'a\u2003b', OVEN_CHARS.oven, true))).toBe(
      'Please input a valid oven name. "U+2003" cannot be shown on the oven.',
    );
  });
});
