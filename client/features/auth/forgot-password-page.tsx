import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordRequest } from '../../../shared/contracts/auth';
import { Alert, TextField } from '../../components/form';
import { api } from '../../lib/api';
import { TIMINGS } from '../../lib/timings';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { useZodForm } from '../../lib/use-zod-form';

export function ForgotPasswordPage() {
  const form = useZodForm(forgotPasswordRequest, { email: '' });
  const [status, setStatus] = useState<'idle' | 'busy' | 'sent' | 'failed'>('idle');
  const [message, setMessage] = useState('');
  const left = useRedirectAfter(status === 'sent', TIMINGS.authRedirectMs, '/');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const data = form.validate();
    if (!data) return;
    setStatus('busy');
    try {
      const reply = await api<{ sent: boolean; message?: string }>('POST', '/api/password/email', data);
      if (reply.sent) setStatus('sent');
      else {
        setStatus('failed');
        setMessage(reply.message ?? 'The e-mail could not be sent.');
      }
    } catch (err) {
      setStatus('failed');
      form.applyServerErrors(err);
      setMessage(err instanceof Error ? err.message : 'The e-mail could not be sent.');
    }
  };

  return (
    <section className="card auth-card narrow" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      {status === 'sent' ? (
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
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={form.values.email}
            onChange={(v) => form.set('email', v)}
            error={form.errors.email}
          />
          {status === 'failed' ? <Alert tone="error">{message}</Alert> : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={status === 'busy'}>
            {status === 'busy' ? 'Sending ...' : 'Send reset link'}
          </button>
        </form>
      )}
      <div className="auth-links">
        <Link to="/">Back to log in</Link>
      </div>
    </section>
  );
}
