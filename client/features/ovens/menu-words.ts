import type { MenuWords } from '../../../shared/domain/menu';
import { i18n } from '../../lib/i18n';

/** The menu's place words ("Screen 2", "Pizza, page 3", "slot 4") in the screens' language. */
export const menuWords = (): MenuWords => ({
  screen: (n) => i18n.t('menuWords.screen', { n }),
  screenInSentence: (n) => i18n.t('menuWords.screenInSentence', { n }),
  page: (name, n) => i18n.t('menuWords.page', { name, n }),
  category: (name) => i18n.t('menuWords.category', { name }),
  categoryPage: (name, n) => i18n.t('menuWords.categoryPage', { name, n }),
  slot: (n) => i18n.t('menuWords.slot', { n }),
  place: (n) => i18n.t('menuWords.place', { n }),
});
