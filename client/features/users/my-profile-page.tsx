import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '../../../shared/contracts/auth';
import { updateProfileRequest } from '../../../shared/contracts/users';
import { TEMPERATURE_UNITS } from '../../../shared/domain/temperature';
import { isLanguage, LANGUAGES } from '../../../shared/i18n/languages';
import { Alert, NewPasswordFields, TextField, UsernameField } from '../../components/form';
import { useCurrentUser } from '../../lib/current-user';
import { setLanguage, startLanguage, storedLanguage, textOf } from '../../lib/i18n';
import { TIMINGS } from '../../lib/timings';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { useZodForm } from '../../lib/use-zod-form';
import { ApiTokensSection } from './api-tokens-section';
import { useUpdateProfile } from './users-api';

export function MyProfilePage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <ProfileForm user={user} />;
}

function ProfileForm({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile(user.id);
  const form = useZodForm(updateProfileRequest, {
    username: user.username,
    company: user.company,
    email: user.email,
    current_password: '',
    password: '',
    password_confirmation: '',
    temperature_unit: user.temperature_unit,
    language: user.language,
  });
  const [saved, setSaved] = useState(false);
  const left = useRedirectAfter(saved, TIMINGS.profileRedirectMs, '/my-recipes');

  // Spec §8: on failure the message is shown and the button is enabled again.
  const submit = form.onSubmit(async (data) => {
    // "As my browser" forgets this device's choice too (first, so it is not saved back to the account).
    if (!data.language) storedLanguage.clear();
    const saved = await update.mutateAsync(data);
    if (saved.language) {
      storedLanguage.set(saved.language);
      void setLanguage(saved.language);
    } else void startLanguage();
    setSaved(true);
  });

  return (
    <section className="page narrow-page">
      <header className="page-header">
        <h1>{t('profile.title')}</h1>
        <p className="muted">{t('profile.subtitle')}</p>
      </header>
      <form className="card" onSubmit={submit} noValidate>
        <TextField
          label={t('profile.registeredEmail')}
          name="email"
          value={user.email}
          onChange={() => undefined}
          readOnly
          hint={t('profile.emailFixed')}
        />
        <UsernameField {...form.field('username')} />
        <TextField label={t('fields.company')} autoComplete="organization" {...form.field('company')} />
        <div className="field">
          <label htmlFor="profile-language">{t('profile.language')}</label>
          <select
            id="profile-language"
            value={form.values.language ?? ''}
            onChange={(e) => form.set('language', isLanguage(e.target.value) ? e.target.value : null)}
            aria-describedby="profile-language-hint"
          >
            <option value="">{t('profile.languageBrowser')}</option>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code} lang={l.code}>
                {l.name}
              </option>
            ))}
          </select>
          <p id="profile-language-hint" className="field-hint">
            {t('profile.languageHelp')}
          </p>
        </div>
        <fieldset className="fieldset">
          <legend>{t('profile.temperatures')}</legend>
          <p className="muted small">{t('profile.temperaturesHelp')}</p>
          <fieldset className="segmented" aria-label={t('profile.temperatureUnit')}>
            {TEMPERATURE_UNITS.map((u) => (
              <label key={u} className={form.values.temperature_unit === u ? 'segmented-on' : ''}>
                <input
                  type="radio"
                  name="temperature_unit"
                  className="sr-only"
                  value={u}
                  checked={form.values.temperature_unit === u}
                  onChange={() => form.set('temperature_unit', u)}
                />
                {u === 'F' ? t('profile.fahrenheit') : t('profile.celsius')}
              </label>
            ))}
          </fieldset>
        </fieldset>
        <fieldset className="fieldset">
          <legend>{t('profile.changePassword')}</legend>
          <p className="muted small">{t('profile.keepPassword')}</p>
          <TextField
            label={t('profile.currentPassword')}
            type="password"
            autoComplete="current-password"
            hint={t('profile.currentPasswordHint')}
            required={form.values.password !== ''}
            {...form.field('current_password')}
          />
          <NewPasswordFields
            password={form.field('password')}
            confirmation={form.field('password_confirmation')}
            labels={[t('fields.newPassword'), t('fields.confirmNewPassword')]}
            required={false}
          />
        </fieldset>
        {saved ? <Alert tone="success">{t('profile.saved', { seconds: left })}</Alert> : null}
        {form.failure ? (
          <Alert tone="error">
            {t('profile.failed')} {textOf(form.failure)}
          </Alert>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={form.busy || saved}>
          {form.busy ? t('profile.busy') : t('profile.save')}
        </button>
      </form>
      <ApiTokensSection user={user} />
    </section>
  );
}
