import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../../../shared/i18n/languages';
import { useCurrentUser } from '../../lib/current-user';
import { setLanguage, storedLanguage, useUiLanguage } from '../../lib/i18n';
import { useUpdateProfile } from './users-api';

// The pseudo-locale is for checking layouts, named the same in every language.
const PSEUDO_NAME = 'Pseudo';

/**
 * The language of the screens, in the navigation: each language named in itself, so anyone finds their own. The
 * choice stays on this device, and on the account when signed in (mails and PDFs follow it).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const language = useUiLanguage();
  const update = useUpdateProfile(user?.id ?? 0);
  // A language picked on this device before signing in becomes the account's, so its mails and PDFs follow it.
  const accountLanguage = user ? user.language : undefined;
  const saveDeviceChoice = update.mutate;
  useEffect(() => {
    const picked = storedLanguage.get();
    if (accountLanguage === null && picked) saveDeviceChoice({ language: picked });
  }, [accountLanguage, saveDeviceChoice]);
  return (
    <label className="language-switcher">
      <span className="sr-only">{t('language.label')}</span>
      <select
        value={language}
        onChange={(e) => {
          const next = e.target.value;
          if (!isLanguage(next)) return;
          storedLanguage.set(next);
          void setLanguage(next);
          // Saved quietly: the screens have changed already, and the next sign-in brings it back.
          if (user) update.mutate({ language: next });
        }}
      >
        {language === 'pseudo' ? <option value="pseudo">{PSEUDO_NAME}</option> : null}
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
