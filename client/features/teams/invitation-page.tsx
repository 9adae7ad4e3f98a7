import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { TEAM_ROLE_HINTS, TEAM_ROLE_LABELS } from '../../../shared/domain/permissions';
import { useBanners } from '../../components/banners';
import { Alert, Spinner } from '../../components/form';
import { useCurrentUser } from '../../lib/current-user';
import { formatDay } from '../../lib/text';
import { invitationPreviewQuery, useAcceptInvitation } from './teams-api';

/**
 * An invitation link: what it offers (team, role, who invited, for which address, until when), and the way in:
 * accept when logged in with the invited address; otherwise log in, or create the account with that address.
 */
export function InvitationPage() {
  const token = useParams().token ?? '';
  const preview = useQuery(invitationPreviewQuery(token));
  const { user, isPending } = useCurrentUser();
  const accept = useAcceptInvitation();
  const banners = useBanners();
  const navigate = useNavigate();
  const here = `/invitations/${encodeURIComponent(token)}`;

  if (preview.isPending || isPending) return <Spinner label="Opening the invitation ..." />;
  if (preview.isError)
    return (
      <section className="card auth-card narrow" aria-labelledby="invitation-title">
        <h1 id="invitation-title">Invitation</h1>
        <Alert tone="error">{preview.error.message}</Alert>
        <p className="muted">Ask the person who invited you to send a new invitation.</p>
      </section>
    );
  const p = preview.data;
  const forMe = user !== null && user.email.toLowerCase() === p.email;
  return (
    <section className="card auth-card narrow" aria-labelledby="invitation-title">
      <h1 id="invitation-title">Join {p.team}</h1>
      <p>
        {p.invited_by ?? 'The team'} invites <strong>{p.email}</strong> to join <strong>{p.team}</strong> as{' '}
        {TEAM_ROLE_LABELS[p.role].toLowerCase()}.
      </p>
      <p className="muted">{TEAM_ROLE_HINTS[p.role]}</p>
      {p.expired ? (
        <Alert tone="error">
          This invitation expired on {formatDay(p.expires_at)}. Ask {p.invited_by ?? 'the team'} to send a new
          one.
        </Alert>
      ) : (
        <p className="muted">The link works until {formatDay(p.expires_at)}.</p>
      )}
      {p.expired ? null : user === null ? (
        <div className="auth-links invitation-actions">
          <Link className="btn btn-primary" to={`/?next=${encodeURIComponent(here)}`}>
            Log in to accept
          </Link>
          <Link
            className="btn btn-secondary"
            to={`/register?invitation=${encodeURIComponent(token)}&email=${encodeURIComponent(p.email)}`}
          >
            Create an account
          </Link>
        </div>
      ) : forMe ? (
        <>
          {accept.isError ? <Alert tone="error">{accept.error.message}</Alert> : null}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={accept.isPending}
            onClick={async () => {
              try {
                const team = await accept.mutateAsync(token);
                banners.success(team.name, 'is the team you work in now');
                navigate('/ovens', { replace: true });
              } catch {
                // Shown above.
              }
            }}
          >
            {accept.isPending ? 'Joining ...' : `Join ${p.team}`}
          </button>
        </>
      ) : (
        <Alert tone="error">
          You are logged in as {user.email}. This invitation is for {p.email}: log out, then log in with that
          address (or create its account) to accept it.
        </Alert>
      )}
    </section>
  );
}
