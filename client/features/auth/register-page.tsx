import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { registerRequest } from '../../../shared/contracts/auth';
import {
  Alert,
  CheckboxField,
  EmailField,
  NewPasswordFields,
  TextField,
  UsernameField,
} from '../../components/form';
import { useUiLanguage } from '../../lib/i18n';
import { usePublicConfig } from '../../lib/public-config';
import { TIMINGS } from '../../lib/timings';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { useZodForm } from '../../lib/use-zod-form';
import { useRegister } from './auth-api';

export function RegisterPage() {
  const config = usePublicConfig().data;
  // From an invitation link: the invited address, and the invitation the verification link leads back to.
  const [query] = useSearchParams();
  const invitation = query.get('invitation') ?? undefined;
  const invitedEmail = invitation ? (query.get('email') ?? '') : '';
  const form = useZodForm(registerRequest, {
    username: '',
    company: '',
    email: invitedEmail,
    invitation,
    password: '',
    password_confirmation: '',
    privacy_policy: false as unknown as true,
    opt_in: false,
  });
  const register = useRegister();
  // The account starts in the language the page is in: its verification mail and screens use it.
  const language = useUiLanguage();
  const [done, setDone] = useState(false);
  const left = useRedirectAfter(done, TIMINGS.registerRedirectMs, '/');

  const submit = form.onSubmit(async (data) => {
    await register.mutateAsync({ ...data, ...(language === 'pseudo' ? {} : { language }) });
    setDone(true);
  });
  if (done) {
    return (
      <section className="card auth-card narrow" aria-labelledby="register-title">
        <h1 id="register-title">Check your e-mail</h1>
        <Alert tone="success">
          User created successfully, please check your email to verify your account.
        </Alert>
        <p className="muted">You will be taken to the login page in {left} s.</p>
        {config?.outboxEnabled ? (
          <p className="muted">
            This installation keeps mail in its <Link to="/outbox">outbox</Link> instead of sending it.
          </p>
        ) : null}
      </section>
    );
  }

  return (
    <section className="card auth-card narrow" aria-labelledby="register-title">
      <h1 id="register-title">Create your account</h1>
      <p className="muted">
        {invitation
          ? 'Create your account with the address you were invited at; once it is verified and you log in, you join the team.'
          : 'Keep your ovens, recipes and menus in one place.'}
      </p>
      <form onSubmit={submit} noValidate>
        <UsernameField {...form.field('username')} hint="Letters, numbers, dashes and underscores." />
        <TextField label="Company" autoComplete="organization" {...form.field('company')} />
        <EmailField {...form.field('email')} readOnly={invitedEmail !== ''} />
        <NewPasswordFields
          password={form.field('password')}
          confirmation={form.field('password_confirmation')}
        />
        <CheckboxField
          name="privacy_policy"
          checked={form.values.privacy_policy === true}
          onChange={(v) => form.set('privacy_policy', v as true)}
          error={form.errors.privacy_policy}
          label={
            <>
              I accept the{' '}
              <a href={config?.links.privacyPolicy} target="_blank" rel="noreferrer">
                Privacy Policy
              </a>
            </>
          }
        />
        <CheckboxField
          name="opt_in"
          checked={form.values.opt_in ?? false}
          onChange={(v) => form.set('opt_in', v)}
          label="Send me news about recipes and ovens (optional)"
        />
        {form.failure ? <Alert tone="error">Error creating account. {form.failure.message}</Alert> : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
          {form.busy ? 'Creating your account ...' : 'Create account'}
        </button>
      </form>
      <div className="auth-links">
        <span>
          Already have an account? <Link to="/">Log in</Link>
        </span>
      </div>
    </section>
  );
}
