import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ssoStartQuery } from '../../../shared/contracts/auth';
import { SSO_REFUSALS, type SsoRefusal } from '../../../shared/domain/sso';
import { Alert, EmailField, Spinner } from '../../components/form';
import { useCurrentUser } from '../../lib/current-user';
import { attemptStorage } from '../../lib/device-storage';
import { textOf } from '../../lib/i18n';
import { hasFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useCompanySignInSession, useCompanySignInStart } from './auth-api';

const startForm = ssoStartQuery.pick({ email: true });

/**
 * Company sign-in: the address picks the team's provider, which the browser goes to; back from it, the page
 * exchanges the one-time hand-off (in the address's fragment, never sent to a server) for a session, or says
 * why the provider's answer was refused.
 */
export function CompanySignInPage() {
  // Kept from the first render: the page takes the hand-off out of the address straight away.
  const [handoff] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('handoff'));
  const { user } = useCurrentUser();
  if (handoff) return <Finishing handoff={handoff} />;
  // Someone signed in already (Back after signing in) has nothing to start here.
  if (user && !new URLSearchParams(window.location.search).has('refused'))
    return <Navigate to="/ovens" replace />;
  return <Start />;
}

/** The address typed, kept in this tab for the trip to the provider and back. */
const TYPED_KEY = 'hearth_company_sign_in_email';
const typedAddress = {
  get: () => attemptStorage(() => sessionStorage.getItem(TYPED_KEY)) ?? null,
  set: (email: string | null) =>
    attemptStorage(() =>
      email === null ? sessionStorage.removeItem(TYPED_KEY) : sessionStorage.setItem(TYPED_KEY, email),
    ),
};

function Start() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const refused = params.get('refused');
  const reason = (SSO_REFUSALS as readonly string[]).includes(refused ?? '') ? (refused as SsoRefusal) : null;
  // Back refused, the address typed before the trip to the provider is there again to correct or retry.
  const form = useZodForm(startForm, {
    email: params.get('email') ?? (refused ? typedAddress.get() : '') ?? '',
  });
  const start = useCompanySignInStart();
  const [leaving, setLeaving] = useState(false);
  const submit = form.onSubmit(async ({ email }) => {
    const { url } = await start.mutateAsync(email);
    setLeaving(true);
    typedAddress.set(email);
    window.location.assign(url);
  });
  const failure = form.failure && !hasFieldErrors(form.failure) ? textOf(form.failure) : null;
  return (
    <div className="login-layout login-layout-single">
      <section className="card auth-card" aria-labelledby="company-title">
        <h1 id="company-title">{t('companySignIn.title')}</h1>
        {reason ? (
          <Alert tone="error">
            <strong>{t('companySignIn.refusedTitle')}</strong> {t(`companySignIn.refused.${reason}`)}
            {params.get('domain') ? ` (${params.get('domain')})` : ''}
          </Alert>
        ) : null}
        <p className="muted">{t('companySignIn.intro')}</p>
        <form onSubmit={submit} noValidate>
          <EmailField hint={t('companySignIn.emailHint')} {...form.field('email')} data-autofocus />
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={form.busy || leaving}>
            {form.busy || leaving ? t('companySignIn.going') : t('companySignIn.continue')}
          </button>
        </form>
        <div className="auth-links">
          <Link to="/">{t('companySignIn.withPassword')}</Link>
        </div>
      </section>
    </div>
  );
}

function Finishing({ handoff }: { handoff: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useCompanySignInSession();
  const asked = useRef(false);
  useEffect(() => {
    // Once (React may run an effect twice in development): a hand-off works one time.
    if (asked.current) return;
    asked.current = true;
    // The hand-off leaves the address at once: not in the history, not in a bookmark.
    window.history.replaceState(null, '', window.location.pathname);
    session.mutate(handoff, {
      onSuccess: () => {
        typedAddress.set(null);
        navigate('/ovens', { replace: true });
      },
    });
  }, [handoff, navigate, session]);
  return (
    <div className="login-layout login-layout-single">
      <section className="card auth-card" aria-labelledby="company-title">
        <h1 id="company-title">{t('companySignIn.title')}</h1>
        {session.isError ? (
          <>
            <Alert tone="error">{textOf(session.error)}</Alert>
            <div className="auth-links">
              <Link to="/login/company">{t('companySignIn.again')}</Link>
              <Link to="/">{t('companySignIn.withPassword')}</Link>
            </div>
          </>
        ) : (
          <Spinner label={t('companySignIn.signingIn')} />
        )}
      </section>
    </div>
  );
}
