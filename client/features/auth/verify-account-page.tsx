import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Alert, Spinner } from '../../components/form';
import { TIMINGS } from '../../lib/timings';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { useVerifyAccount } from './auth-api';

const RESULTS: Record<string, { ok: boolean; text: string }> = {
  user_not_found: { ok: false, text: 'Wrong credentials, user not found.' },
  already_verified: { ok: true, text: 'The account was already verified.' },
  verified: { ok: true, text: 'The account has been successfully verified.' },
};

export function VerifyAccountPage() {
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
      .then((reply) => setResult(RESULTS[reply.message] ?? { ok: false, text: reply.message }))
      .catch((err: Error) => setResult({ ok: false, text: err.message }));
  }, [email, token, mutateAsync]);

  if (!email || !token) return <Navigate to="/" replace />;

  return (
    <section className="card auth-card narrow" aria-labelledby="verify-title">
      <h1 id="verify-title">Account verification</h1>
      {!result ? <Spinner label="Verifying your account ..." /> : null}
      {result ? <Alert tone={result.ok ? 'success' : 'error'}>{result.text}</Alert> : null}
      {result ? (
        <p className="muted">
          Taking you to the login page in {left} s{invitation ? ', then to your invitation' : ''}.{' '}
          {result.ok ? '' : 'If your link has expired, log in and ask for a new one.'}
        </p>
      ) : null}
    </section>
  );
}
