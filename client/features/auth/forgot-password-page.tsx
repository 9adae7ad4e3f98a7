import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordRequest } from '../../../shared/contracts/auth';
import { Alert, EmailField } from '../../components/form';
import { TIMINGS } from '../../lib/timings';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { useZodForm } from '../../lib/use-zod-form';
import { useForgotPassword } from './auth-api';

export function ForgotPasswordPage() {
  const form = useZodForm(forgotPasswordRequest, { email: '' });
  const forgot = useForgotPassword();
  const [sent, setSent] = useState(false);
  const left = useRedirectAfter(sent, TIMINGS.authRedirectMs, '/');

  const submit = form.onSubmit(async (data) => {
    const reply = await forgot.mutateAsync(data);
    // Spec §8: the server's message when it did not send.
    if (!reply.sent) throw new Error(reply.message ?? 'The e-mail could not be sent.');
    setSent(true);
  });

  return (
    <section className="card auth-card narrow" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      {sent ? (
        <>
          <Alert tone="success">Email sent successfully.</Alert>
          <p className="muted">
            If the address has an account, the e-mail holds a link to choose a new password. Back to the login
            page in {left} s.
          </p>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className="muted">
            Enter the e-mail of your account and we will send you a link to choose a new password.
          </p>
          <EmailField {...form.field('email')} />
          {form.failure ? <Alert tone="error">{form.failure.message}</Alert> : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
            {form.busy ? 'Sending ...' : 'Send reset link'}
          </button>
        </form>
      )}
      <div className="auth-links">
        <Link to="/">Back to log in</Link>
      </div>
    </section>
  );
}
