import { useState } from 'react';
import { resendVerificationRequest } from '../../../shared/contracts/auth';
import { Alert, EmailField } from '../../components/form';
import { api } from '../../lib/api';
import { hasFieldErrors, useZodForm } from '../../lib/use-zod-form';

/** Asks for a new verification link; the reply is the same whether or not the address has an account. */
export function ResendVerification({ initialEmail = '' }: { initialEmail?: string }) {
  const form = useZodForm(resendVerificationRequest, { email: initialEmail });
  const [sent, setSent] = useState(false);
  const submit = form.onSubmit(async (data) => {
    await api('POST', '/api/verify-account/resend', data);
    setSent(true);
  });
  const error = form.failure && !hasFieldErrors(form.failure) ? form.failure.message : '';
  if (sent) {
    return (
      <Alert tone="success">
        If that address has an unverified account, a new link is on its way. Check your inbox.
      </Alert>
    );
  }
  return (
    <form className="resend" onSubmit={submit} noValidate>
      <EmailField {...form.field('email')} name="resend-email" label="Your e-mail" required={false} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <button type="submit" className="btn btn-secondary" disabled={form.busy}>
        {form.busy ? 'Sending ...' : 'Send a new verification link'}
      </button>
    </form>
  );
}
