import { useState } from 'react';
import type { PublicUser } from '../../../shared/contracts/auth';
import { updateProfileRequest } from '../../../shared/contracts/users';
import { Alert, NewPasswordFields, TextField, UsernameField } from '../../components/form';
import { useCurrentUser } from '../../lib/current-user';
import { TIMINGS } from '../../lib/timings';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { useZodForm } from '../../lib/use-zod-form';
import { useUpdateProfile } from './users-api';

export function MyProfilePage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <ProfileForm user={user} />;
}

function ProfileForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile(user.id);
  const form = useZodForm(updateProfileRequest, {
    username: user.username,
    company: user.company,
    email: user.email,
    password: '',
    password_confirmation: '',
  });
  const [saved, setSaved] = useState(false);
  const left = useRedirectAfter(saved, TIMINGS.profileRedirectMs, '/my-recipes');

  // Spec §8: on failure the message is shown and the button is enabled again.
  const submit = form.onSubmit(async (data) => {
    await update.mutateAsync(data);
    setSaved(true);
  });

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
        <UsernameField {...form.field('username')} />
        <TextField label="Company" autoComplete="organization" {...form.field('company')} />
        <fieldset className="fieldset">
          <legend>Change password</legend>
          <p className="muted small">Leave both empty to keep your current password.</p>
          <NewPasswordFields
            password={form.field('password')}
            confirmation={form.field('password_confirmation')}
            labels={['New password', 'Confirm new password']}
            required={false}
          />
        </fieldset>
        {saved ? (
          <Alert tone="success">
            User profile updated successfully. You will be redirected in {left} seconds.
          </Alert>
        ) : null}
        {form.failure ? <Alert tone="error">Error updating profile. {form.failure.message}</Alert> : null}
        <button type="submit" className="btn btn-primary" disabled={form.busy || saved}>
          {form.busy ? 'Saving ...' : 'Save'}
        </button>
      </form>
    </section>
  );
}
