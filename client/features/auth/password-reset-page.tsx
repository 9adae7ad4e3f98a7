import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { resetPasswordRequest } from '../../../shared/contracts/auth';
import { Alert, NewPasswordFields, TextField } from '../../components/form';
import { api } from '../../lib/api';
import { TIMINGS } from '../../lib/timings';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { useZodForm } from '../../lib/use-zod-form';

export function PasswordResetPage() {
  const { token = '' } = useParams();
  const [query] = useSearchParams();
  const form = useZodForm(resetPasswordRequest, {
    email: query.get('email') ?? '',
    password: '',
    password_confirmation: '',
    token,
  });
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Spec §2.4: on any result a message, then a redirect after 5 s (to log in, or to ask for a new link).
  const left = useRedirectAfter(
    result !== null,
    TIMINGS.authRedirectMs,
    result?.ok ? '/' : '/forgot-password',
  );

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const data = form.validate();
    if (!data) return;
    setBusy(true);
    try {
      const reply = await api<{ updated: boolean; message?: string }>('POST', '/api/password/reset', data);
      setResult(
        reply.updated
          ? { ok: true, message: 'Password updated successfully.' }
          : { ok: false, message: reply.message ?? '' },
      );
    } catch (err) {
      setBusy(false);
      if (form.applyServerErrors(err)) return;
      setResult({
        ok: false,
        message: err instanceof Error ? err.message : 'The password could not be updated.',
      });
    }
  };

  return (
    <section className="card auth-card narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      {result ? (
        <>
          <Alert tone={result.ok ? 'success' : 'error'}>{result.message}</Alert>
          <p className="muted">
            {result.ok ? 'Taking you to the login page' : 'Taking you to ask for a new link'} in {left} s.
          </p>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
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
          <NewPasswordFields
            password={form.values.password}
            confirmation={form.values.password_confirmation}
            errors={form.errors}
            onPassword={(v) => form.set('password', v)}
            onConfirmation={(v) => form.set('password_confirmation', v)}
            labels={['New password', 'Confirm new password']}
          />
          {form.errors.token ? <Alert tone="error">{form.errors.token}</Alert> : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Saving ...' : 'Save new password'}
          </button>
        </form>
      )}
      <div className="auth-links">
        <Link to="/">Back to log in</Link>
      </div>
    </section>
  );
}
