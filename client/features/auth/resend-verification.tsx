import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, EmailField } from '../../components/form';
import { textOf } from '../../lib/i18n';
import { hasFieldErrors, lazySchema, useZodForm } from '../../lib/use-zod-form';
import { useResendVerification } from './auth-api';

// Shown on the login page, which is drawn before the validation library arrives.
const resendSchema = lazySchema(() =>
  import('../../../shared/contracts/auth').then((m) => m.resendVerificationRequest),
);

/** Asks for a new verification link; the reply is the same whether or not the address has an account. */
export function ResendVerification({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const form = useZodForm(resendSchema, { email: initialEmail });
  const resend = useResendVerification();
  const [sent, setSent] = useState(false);
  const submit = form.onSubmit(async (data) => {
    await resend.mutateAsync(data);
    setSent(true);
  });
  const error = form.failure && !hasFieldErrors(form.failure) ? textOf(form.failure) : '';
  if (sent) {
    return <Alert tone="success">{t('resend.sent')}</Alert>;
  }
  return (
    <form className="resend" onSubmit={submit} noValidate>
      <EmailField
        {...form.field('email')}
        name="resend-email"
        label={t('fields.yourEmail')}
        required={false}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <button type="submit" className="btn btn-secondary" disabled={form.busy}>
        {form.busy ? t('resend.busy') : t('resend.submit')}
      </button>
    </form>
  );
}
