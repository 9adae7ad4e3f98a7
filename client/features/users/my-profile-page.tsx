import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuthCheckResponse, PublicUser } from '../../../shared/contracts/auth';
import { updateProfileRequest } from '../../../shared/contracts/users';
import { Alert, NewPasswordFields, TextField } from '../../components/form';
import { api } from '../../lib/api';
import { TIMINGS } from '../../lib/timings';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { useZodForm } from '../../lib/use-zod-form';

const AUTH_KEY = ['auth-check'];

export function MyProfilePage() {
  const queryClient = useQueryClient();
  const user = queryClient.getQueryData<AuthCheckResponse>(AUTH_KEY)?.user;
  if (!user) return null;
  return <ProfileForm user={user} />;
}

function ProfileForm({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const form = useZodForm(updateProfileRequest, {
    username: user.username,
    company: user.company,
    email: user.email,
    password: '',
    password_confirmation: '',
  });
  const [status, setStatus] = useState<'idle' | 'busy' | 'saved' | 'failed'>('idle');
  const [failure, setFailure] = useState('');
  const left = useRedirectAfter(status === 'saved', TIMINGS.profileRedirectMs, '/my-recipes');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const data = form.validate();
    if (!data) return;
    setStatus('busy');
    try {
      const reply = await api<{ data: PublicUser }>('PUT', `/api/users/${user.id}`, data);
      queryClient.setQueryData<AuthCheckResponse>(AUTH_KEY, (old) =>
        old ? { ...old, user: reply.data } : old,
      );
      setStatus('saved');
    } catch (err) {
      // Spec §8: the message is shown and the button is enabled again.
      form.applyServerErrors(err);
      setFailure(err instanceof Error ? err.message : '');
      setStatus('failed');
    }
  };

  return (
    <section className="page narrow-page">
      <header className="page-header">
        <h1>My Profile</h1>
        <p className="muted">Change your username, company and/or password</p>
      </header>
      <form className="card" onSubmit={submit} noValidate>
        <TextField
          label="Registered e-mail"
          name="email"
          value={user.email}
          onChange={() => undefined}
          readOnly
          hint="Your e-mail address cannot be changed."
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          required
          value={form.values.username}
          onChange={(v) => form.set('username', v.replace(/\s/g, ''))}
          error={form.errors.username}
        />
        <TextField
          label="Company"
          name="company"
          autoComplete="organization"
          value={form.values.company ?? ''}
          onChange={(v) => form.set('company', v)}
          error={form.errors.company}
        />
        <fieldset className="fieldset">
          <legend>Change password</legend>
          <p className="muted small">Leave both empty to keep your current password.</p>
          <NewPasswordFields
            password={form.values.password ?? ''}
            confirmation={form.values.password_confirmation ?? ''}
            errors={form.errors}
            onPassword={(v) => form.set('password', v)}
            onConfirmation={(v) => form.set('password_confirmation', v)}
            labels={['New password', 'Confirm new password']}
            required={false}
          />
        </fieldset>
        {status === 'saved' ? (
          <Alert tone="success">
            User profile updated successfully. You will be redirected in {left} seconds.
          </Alert>
        ) : null}
        {status === 'failed' ? <Alert tone="error">Error updating profile. {failure}</Alert> : null}
        <button type="submit" className="btn btn-primary" disabled={status === 'busy' || status === 'saved'}>
          {status === 'busy' ? 'Saving ...' : 'Save'}
        </button>
      </form>
    </section>
  );
}
