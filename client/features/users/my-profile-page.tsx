import { useState } from 'react';
import type { PublicUser } from '../../../shared/contracts/auth';
import { updateProfileRequest } from '../../../shared/contracts/users';
import { TEMPERATURE_UNITS } from '../../../shared/domain/temperature';
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
    current_password: '',
    password: '',
    password_confirmation: '',
    temperature_unit: user.temperature_unit,
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
          <legend>Temperatures</legend>
          <p className="muted small">
            How you read and type temperatures. Ovens and their settings files always use °F; Hearth converts.
          </p>
          <fieldset className="segmented" aria-label="Temperature unit">
            {TEMPERATURE_UNITS.map((u) => (
              <label key={u} className={form.values.temperature_unit === u ? 'segmented-on' : ''}>
                <input
                  type="radio"
                  name="temperature_unit"
                  className="sr-only"
                  value={u}
                  checked={form.values.temperature_unit === u}
                  onChange={() => form.set('temperature_unit', u)}
                />
                {u === 'F' ? '°F (Fahrenheit)' : '°C (Celsius)'}
              </label>
            ))}
          </fieldset>
        </fieldset>
        <fieldset className="fieldset">
          <legend>Change password</legend>
          <p className="muted small">Leave these empty to keep your current password.</p>
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            hint="Needed to set a new one. We e-mail you when your password changes."
            required={form.values.password !== ''}
            {...form.field('current_password')}
          />
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
