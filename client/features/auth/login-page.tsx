import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, CheckboxField, TextField, UsernameField } from '../../components/form';
import { ApiError } from '../../lib/api';
import { textOf } from '../../lib/i18n';
import { safeNext } from '../../lib/text';
import { hasFieldErrors, lazySchema, useZodForm } from '../../lib/use-zod-form';
import { useLogin } from './auth-api';
import { LoginCarousel } from './login-carousel';
import { ResendVerification } from './resend-verification';

// The first screen is drawn before the validation library arrives (a tablet on kitchen Wi-Fi sees it sooner).
const loginSchema = lazySchema(() => import('../../../shared/contracts/auth').then((m) => m.loginRequest));

export function LoginPage() {
  const { t } = useTranslation();
  const form = useZodForm(loginSchema, { username: '', password: '', remember: false as boolean });
  const login = useLogin();
  const navigate = useNavigate();
  // Where the person was going (an invitation, say): only a path of this site, never another address.
  const next = safeNext(useSearchParams()[0].get('next'));
  const submit = form.onSubmit(async (data) => {
    await login.mutateAsync(data);
    navigate(next ?? '/recipes', { replace: true });
  });
  const { failure, busy } = form;
  const unverified = failure instanceof ApiError && failure.body.code === 'unverified';
  // The person's company signs them in with its own provider: the way there, with their address.
  const companyOnly = failure instanceof ApiError && failure.body.code === 'sso_required';
  const companyEmail = companyOnly && typeof failure.body.email === 'string' ? failure.body.email : '';
  const error =
    !failure || hasFieldErrors(failure)
      ? null
      : failure instanceof ApiError && failure.status === 401
        ? t('login.wrongCredentials')
        : textOf(failure);

  return (
    // The form comes first in the page (keyboard and screen-reader order); CSS draws the carousel beside it.
    <div className="login-layout">
      <section className="card auth-card" aria-labelledby="login-title">
        <h1 id="login-title">{t('login.title')}</h1>
        <p className="muted">{t('login.welcome')}</p>
        <form onSubmit={submit} noValidate>
          <UsernameField label={t('fields.username')} {...form.field('username')} />
          <TextField
            label={t('fields.password')}
            type="password"
            autoComplete="current-password"
            required
            {...form.field('password')}
          />
          <CheckboxField
            name="remember"
            label={t('login.remember')}
            checked={form.values.remember ?? false}
            onChange={(v) => form.set('remember', v)}
          />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? t('login.busy') : t('login.submit')}
          </button>
        </form>
        {unverified ? <ResendVerification /> : null}
        {companyOnly ? (
          <Link
            className="btn btn-primary btn-block"
            to={`/login/company${companyEmail ? `?email=${encodeURIComponent(companyEmail)}` : ''}`}
          >
            {t('login.companySignIn')}
          </Link>
        ) : (
          <>
            <p className="or-divider" aria-hidden="true">
              <span>{t('login.or')}</span>
            </p>
            <Link className="btn btn-secondary btn-block" to="/login/company">
              {t('login.companySignIn')}
            </Link>
          </>
        )}
        <div className="auth-links">
          <Link to="/forgot-password">{t('login.forgot')}</Link>
          <span>
            {t('login.newHere')} <Link to="/register">{t('login.createAccount')}</Link>
          </span>
        </div>
      </section>
      <LoginCarousel />
    </div>
  );
}
