import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgotPasswordRequest } from '../../../shared/contracts/auth';
import { Alert, EmailField } from '../../components/form';
import { textOf } from '../../lib/i18n';
import { TIMINGS } from '../../lib/timings';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { useZodForm } from '../../lib/use-zod-form';
import { useForgotPassword } from './auth-api';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useZodForm(forgotPasswordRequest, { email: '' });
  const forgot = useForgotPassword();
  const [sent, setSent] = useState(false);
  const left = useRedirectAfter(sent, TIMINGS.authRedirectMs, '/');

  const submit = form.onSubmit(async (data) => {
    const reply = await forgot.mutateAsync(data);
    // Spec §8: the server's message when it did not send.
    if (!reply.sent) throw new Error(reply.message ?? t('forgot.notSent'));
    setSent(true);
  });

  return (
    <section className="card auth-card narrow" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t('forgot.title')}</h1>
      {sent ? (
        <>
          <Alert tone="success">{t('forgot.sent')}</Alert>
          <p className="muted">{t('forgot.sentBody', { seconds: left })}</p>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className="muted">{t('forgot.intro')}</p>
          <EmailField label={t('fields.email')} {...form.field('email')} />
          {form.failure ? <Alert tone="error">{textOf(form.failure)}</Alert> : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
            {form.busy ? t('forgot.busy') : t('forgot.submit')}
          </button>
        </form>
      )}
      <div className="auth-links">
        <Link to="/">{t('forgot.back')}</Link>
      </div>
    </section>
  );
}
