import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type RegisterResponse, registerRequest } from '../../../shared/contracts/auth';
import {
  Alert,
  CheckboxField,
  EmailField,
  NewPasswordFields,
  TextField,
  UsernameField,
} from '../../components/form';
import { textOf, useUiLanguage } from '../../lib/i18n';
import { usePublicConfig } from '../../lib/public-config';
import { TIMINGS } from '../../lib/timings';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { useZodForm } from '../../lib/use-zod-form';
import { useRegister } from './auth-api';

export function RegisterPage() {
  const { t } = useTranslation();
  const config = usePublicConfig().data;
  // From an invitation link: the invited address, and the invitation the verification link leads back to.
  const [query] = useSearchParams();
  const invitation = query.get('invitation') ?? undefined;
  const invitedEmail = invitation ? (query.get('email') ?? '') : '';
  const form = useZodForm(registerRequest, {
    username: '',
    company: '',
    email: invitedEmail,
    invitation,
    password: '',
    password_confirmation: '',
    privacy_policy: false as unknown as true,
    opt_in: false,
  });
  const register = useRegister();
  // The account starts in the language the page is in: its verification mail and screens use it.
  const language = useUiLanguage();
  const [done, setDone] = useState<RegisterResponse | null>(null);
  const left = useRedirectAfter(done !== null, TIMINGS.registerRedirectMs, '/');

  const submit = form.onSubmit(async (data) => {
    setDone(await register.mutateAsync({ ...data, ...(language === 'pseudo' ? {} : { language }) }));
  });
  if (done?.joined) {
    // From the invitation's link: the address is proven and the team joined; nothing to verify.
    return (
      <section className="card auth-card narrow" aria-labelledby="register-title">
        <h1 id="register-title">{t('register.joinedTitle', { team: done.joined.name })}</h1>
        <Alert tone="success">
          {t('register.joined', {
            team: done.joined.name,
            role: t(`teamPage.roleInSentence.${done.joined.role}`),
          })}
        </Alert>
        <p className="muted">{t('register.redirect', { seconds: left })}</p>
      </section>
    );
  }
  if (done) {
    return (
      <section className="card auth-card narrow" aria-labelledby="register-title">
        <h1 id="register-title">{t('register.checkMail')}</h1>
        <Alert tone="success">{t('register.created')}</Alert>
        <p className="muted">{t('register.redirect', { seconds: left })}</p>
        {config?.outboxEnabled ? (
          <p className="muted">
            {t('register.outboxBefore')} <Link to="/outbox">{t('register.outbox')}</Link>{' '}
            {t('register.outboxAfter')}
          </p>
        ) : null}
      </section>
    );
  }

  return (
    <section className="card auth-card narrow" aria-labelledby="register-title">
      <h1 id="register-title">{t('register.title')}</h1>
      <p className="muted">{invitation ? t('register.introInvited') : t('register.intro')}</p>
      <form onSubmit={submit} noValidate>
        <UsernameField {...form.field('username')} hint={t('register.usernameHint')} />
        <TextField label={t('fields.company')} autoComplete="organization" {...form.field('company')} />
        <EmailField {...form.field('email')} readOnly={invitedEmail !== ''} />
        <NewPasswordFields
          password={form.field('password')}
          confirmation={form.field('password_confirmation')}
        />
        <CheckboxField
          name="privacy_policy"
          checked={form.values.privacy_policy === true}
          onChange={(v) => form.set('privacy_policy', v as true)}
          error={form.errors.privacy_policy}
          label={
            <>
              {t('register.acceptPrefix')}{' '}
              <a href={config?.links.privacyPolicy} target="_blank" rel="noreferrer">
                {t('footer.privacyPolicy')}
              </a>
            </>
          }
        />
        <CheckboxField
          name="opt_in"
          checked={form.values.opt_in ?? false}
          onChange={(v) => form.set('opt_in', v)}
          label={t('register.optIn')}
        />
        {form.failure ? (
          <Alert tone="error">
            {t('register.failed')} {textOf(form.failure)}
          </Alert>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
          {form.busy ? t('register.busy') : t('register.submit')}
        </button>
      </form>
      <div className="auth-links">
        <span>
          {t('register.haveAccount')} <Link to="/">{t('register.logIn')}</Link>
        </span>
      </div>
    </section>
  );
}
