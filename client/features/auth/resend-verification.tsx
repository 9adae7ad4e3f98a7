import { useState } from 'react';
import { resendVerificationRequest } from '../../../shared/contracts/auth';
import { Alert, TextField } from '../../components/form';
import { ApiError, api } from '../../lib/api';
import { useZodForm } from '../../lib/use-zod-form';

/** Asks for a new verification link; the reply is the same whether or not the address has an account. */
export function ResendVerification({ initialEmail = '' }: { initialEmail?: string }) {
  const form = useZodForm(resendVerificationRequest, { email: initialEmail });
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [error, setError] = useState('');
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const data = form.validate();
    if (!data) return;
    setState('busy');
    setError('');
    try {
      await api('POST', '/api/verify-account/resend', data);
      setState('sent');
    } catch (err) {
      setState('idle');
      if (!form.applyServerErrors(err))
        setError(err instanceof ApiError ? err.message : 'Could not send the link.');
    }
  };
  if (state === 'sent') {
    return (
      <Alert tone="success">
        If that address has an unverified account, a new link is on its way. Check your inbox.
      </Alert>
    );
  }
  return (
    <form className="resend" onSubmit={submit} noValidate>
      <TextField
        label="Your e-mail"
        type="email"
        name="resend-email"
        autoComplete="email"
        value={form.values.email}
        onChange={(v) => form.set('email', v)}
        error={form.errors.email}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <button type="submit" className="btn btn-secondary" disabled={state === 'busy'}>
        {state === 'busy' ? 'Sending ...' : 'Send a new verification link'}
      </button>
    </form>
  );
}
