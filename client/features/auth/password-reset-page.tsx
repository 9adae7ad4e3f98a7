import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { resetPasswordRequest } from '../../../shared/contracts/auth';
import { Alert, EmailField, NewPasswordFields } from '../../components/form';
import { textOf } from '../../lib/i18n';
import { TIMINGS } from '../../lib/timings';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { hasFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useResetPassword } from './auth-api';

export function PasswordResetPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [query] = useSearchParams();
  const form = useZodForm(resetPasswordRequest, {
    email: query.get('email') ?? '',
    password: '',
    password_confirmation: '',
    token,
  });
  const reset = useResetPassword();
  const [updated, setUpdated] = useState(false);
  // Field errors stay on the form; any other answer is the result, shown before the timed redirect.
  const result = updated
    ? { ok: true, message: t('reset.updated') }
    : form.failure && !hasFieldErrors(form.failure)
      ? { ok: false, message: textOf(form.failure) }
      : null;
  // Spec §2.4: on any result a message, then a redirect after 5 s (to log in, or to ask for a new link).
  const left = useRedirectAfter(
    result !== null,
    TIMINGS.authRedirectMs,
    result?.ok ? '/' : '/forgot-password',
  );

  const submit = form.onSubmit(async (data) => {
    const reply = await reset.mutateAsync(data);
    if (!reply.updated) throw new Error(reply.message ?? t('reset.notUpdated'));
    setUpdated(true);
  });

  return (
    <section className="card auth-card narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('reset.title')}</h1>
      {result ? (
        <>
          <Alert tone={result.ok ? 'success' : 'error'}>{result.message}</Alert>
          <p className="muted">{t(result.ok ? 'reset.toLogin' : 'reset.toNewLink', { seconds: left })}</p>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <EmailField {...form.field('email')} />
          <NewPasswordFields
            password={form.field('password')}
            confirmation={form.field('password_confirmation')}
            labels={[t('fields.newPassword'), t('fields.confirmNewPassword')]}
          />
          {form.errors.token ? <Alert tone="error">{form.errors.token}</Alert> : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
            {form.busy ? t('reset.busy') : t('reset.submit')}
          </button>
        </form>
      )}
      <div className="auth-links">
        <Link to="/">{t('forgot.back')}</Link>
      </div>
    </section>
  );
}
