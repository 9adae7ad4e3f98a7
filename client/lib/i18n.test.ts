import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD_MIN_MESSAGE, USERNAME_CHARSET_MESSAGE } from '../../shared/contracts/auth';
import { MESSAGES } from '../../shared/domain/messages';
import { ovenNameIssue } from '../../shared/domain/oven';
import { recipeNameIssue } from '../../shared/domain/recipe';
import en from '../../shared/i18n/locales/en.json';
import es from '../../shared/i18n/locales/es.json';
import { i18n, translateMessage } from './i18n';

i18n.addResourceBundle('es', 'translation', es);
afterAll(() => i18n.changeLanguage('en'));

describe('messages of the shared rules on screen', () => {
  it('has every message of the rules in the catalogue, word for word', () => {
    const texts = Object.values(en.rules);
    for (const m of [...Object.values(MESSAGES), PASSWORD_MIN_MESSAGE, USERNAME_CHARSET_MESSAGE])
      expect(texts).toContain(m);
  });

  it('shows a rule message in the screens language', async () => {
    await i18n.changeLanguage('es');
    expect(translateMessage(MESSAGES.setTempZero)).toBe('La temperatura fijada no puede ser 0.');
  });

  it('translates the refused character with its suggestion', async () => {
    await i18n.changeLanguage('es');
    expect(translateMessage(recipeNameIssue('Crème')!)).toBe(
      `${es.rules.recipeNameCharset} «è» no se puede mostrar en el horno; use «e».`,
    );
    expect(translateMessage(ovenNameIssue('Oven #1')!)).toBe(
      `${es.rules.ovenName} «#» no se puede mostrar en el horno.`,
    );
  });

  it('leaves a message it does not know as it came', async () => {
    await i18n.changeLanguage('es');
    expect(translateMessage('Something the server said.')).toBe('Something the server said.');
  });
});
