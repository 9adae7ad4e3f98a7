import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import de from '../../shared/i18n/locales/de.json';
import en from '../../shared/i18n/locales/en.json';
import es from '../../shared/i18n/locales/es.json';
import fr from '../../shared/i18n/locales/fr.json';
import { i18n, loadRest } from './i18n';
import { MarkedText, markedParts } from './marked-text';

type Props = Parameters<typeof MarkedText>[0];
const draw = async (props: Props) => {
  await loadRest();
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(MarkedText, props)));
};

describe('MarkedText', () => {
  it('draws a tag by the element given for it', async () => {
    expect(
      await draw({
        i18nKey: 'tiles.loadBody',
        values: { file: 'MB.AI2' },
        components: { b: createElement('strong') },
      }),
    ).toBe(
      'Download this oven&#x27;s settings as <strong>MB.AI2</strong> and copy it to a USB stick for the oven&#x27;s USB port.',
    );
  });

  it('shows a typed name holding markup as typed, never as markup', async () => {
    const html = await draw({
      i18nKey: 'tiles.warningReplace',
      values: { name: '<b>Front</b> & <i>back</i>' },
      components: { b: createElement('strong') },
    });
    expect(html).toContain('with those of &lt;b&gt;Front&lt;/b&gt; &amp; &lt;i&gt;back&lt;/i&gt; in Hearth.');
    expect(html.match(/<strong>/g)).toHaveLength(1);
  });

  it('picks the plural form by the count and formats it', async () => {
    expect(
      await draw({
        i18nKey: 'usersAdmin.recipesCreated',
        values: { count: 1234 },
        components: { b: createElement('b') },
      }),
    ).toBe('Recipes Created: <b>1,234</b>');
  });

  it('shows a tag it has no element for as written', async () => {
    expect(await draw({ i18nKey: 'tiles.loadBody', values: { file: 'MB.AI2' } })).toContain(
      'as &lt;b&gt;MB.AI2&lt;/b&gt; and copy',
    );
  });
});

describe('the catalogues’ markup', () => {
  const texts = (tree: unknown, path = ''): [string, string][] =>
    typeof tree === 'string'
      ? [[path, tree]]
      : Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) =>
          texts(v, path ? `${path}.${k}` : k),
        );
  const tagsOf = (text: string) =>
    markedParts(text)
      .flatMap((p) => (p.tag ? [p.tag] : []))
      .join(' ');
  const english = new Map(texts(en));

  it.each([
    ['de', de],
    ['es', es],
    ['fr', fr],
  ])('%s marks the same runs as English, each closed, none nested', (_, catalogue) => {
    for (const [key, text] of texts(catalogue)) {
      const model = english.get(key);
      if (model === undefined || !model.includes('</')) continue;
      expect({ key, tags: tagsOf(text) }).toEqual({ key, tags: tagsOf(model) });
      for (const part of markedParts(text)) expect(/<\/?\w+>/.test(part.text) ? key : null).toBeNull();
    }
  });
});
