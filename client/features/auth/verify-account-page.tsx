import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Alert, Spinner } from '../../components/form';
import { textOf } from '../../lib/i18n';
import { TIMINGS } from '../../lib/timings';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { useVerifyAccount } from './auth-api';

const RESULTS = {
  user_not_found: { ok: false, key: 'verify.notFound' },
  already_verified: { ok: true, key: 'verify.already' },
  verified: { ok: true, key: 'verify.verified' },
} as const;

export function VerifyAccountPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const email = query.get('email') ?? '';
  const token = query.get('token') ?? '';
  // Registered from an invitation: after logging in, the person lands on it to accept.
  const invitation = query.get('invitation');
  const after = invitation ? `/?next=${encodeURIComponent(`/invitations/${invitation}`)}` : '/';
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const verify = useVerifyAccount();
  const { mutateAsync } = verify;
  const started = useRef(false);
  const left = useRedirectAfter(result !== null, TIMINGS.authRedirectMs, after);

  useEffect(() => {
    if (!email || !token || started.current) return;
    started.current = true;
    mutateAsync({ email, token })
      .then((reply) => {
        const known = RESULTS[reply.message as keyof typeof RESULTS];
        setResult(known ? { ok: known.ok, text: t(known.key) } : { ok: false, text: reply.message });
      })
      .catch((err: Error) => setResult({ ok: false, text: textOf(err) }));
  }, [email, token, mutateAsync, t]);

  if (!email || !token) return <Navigate to="/" replace />;

  return (
    <section className="card auth-card narrow" aria-labelledby="verify-title">
      <h1 id="verify-title">{t('verify.title')}</h1>
      {!result ? <Spinner label={t('verify.busy')} /> : null}
      {result ? <Alert tone={result.ok ? 'success' : 'error'}>{result.text}</Alert> : null}
      {result ? (
        <p className="muted">
          {t(invitation ? 'verify.redirectInvitation' : 'verify.redirect', { seconds: left })}{' '}
          {result.ok ? '' : t('verify.expired')}
        </p>
      ) : null}
    </section>
  );
}
