import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useBanners } from '../../components/banners';
import { Alert, Spinner } from '../../components/form';
import { useCurrentUser } from '../../lib/current-user';
import { MarkedText, textOf } from '../../lib/i18n';
import { formatDay } from '../../lib/text';
import { invitationPreviewQuery, useAcceptInvitation } from './teams-api';

/**
 * An invitation link: what it offers (team, role, who invited, for which address, until when), and the way in:
 * accept when logged in with the invited address; otherwise log in, or create the account with that address.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const preview = useQuery(invitationPreviewQuery(token));
  const { user, isPending } = useCurrentUser();
  const accept = useAcceptInvitation();
  const banners = useBanners();
  const navigate = useNavigate();
  const here = `/invitations/${encodeURIComponent(token)}`;

  if (preview.isPending || isPending) return <Spinner label={t('teamPage.invitation.opening')} />;
  if (preview.isError)
    return (
      <section className="card auth-card narrow" aria-labelledby="invitation-title">
        <h1 id="invitation-title">{t('teamPage.invitation.title')}</h1>
        <Alert tone="error">{textOf(preview.error)}</Alert>
        <p className="muted">{t('teamPage.invitation.askNew')}</p>
      </section>
    );
  const p = preview.data;
  const forMe = user !== null && user.email.toLowerCase() === p.email;
  return (
    <section className="card auth-card narrow" aria-labelledby="invitation-title">
      <h1 id="invitation-title">{t('teamPage.invitation.join', { team: p.team })}</h1>
      <p>
        <MarkedText
          i18nKey="teamPage.invitation.invites"
          values={{
            by: p.invited_by ?? t('teamPage.invitation.theTeam'),
            email: p.email,
            team: p.team,
            role: t(`teamPage.roleInSentence.${p.role}`),
          }}
          components={{ b: <strong /> }}
        />
      </p>
      {p.locations.length > 0 ? (
        <p>
          {t('teamPage.invitation.locations', { count: p.locations.length, list: p.locations.join(', ') })}
        </p>
      ) : null}
      <p className="muted">{t(`teamPage.roleHints.${p.role}`)}</p>
      {p.expired ? (
        <Alert tone="error">
          {p.invited_by
            ? t('teamPage.invitation.expired', { date: formatDay(p.expires_at), by: p.invited_by })
            : t('teamPage.invitation.expiredTeam', { date: formatDay(p.expires_at) })}
        </Alert>
      ) : (
        <p className="muted">{t('teamPage.invitation.worksUntil', { date: formatDay(p.expires_at) })}</p>
      )}
      {p.expired ? null : user === null ? (
        <div className="auth-links invitation-actions">
          <Link className="btn btn-primary" to={`/?next=${encodeURIComponent(here)}`}>
            {t('teamPage.invitation.logIn')}
          </Link>
          <Link
            className="btn btn-secondary"
            to={`/register?invitation=${encodeURIComponent(token)}&email=${encodeURIComponent(p.email)}`}
          >
            {t('teamPage.invitation.createAccount')}
          </Link>
        </div>
      ) : forMe ? (
        <>
          {accept.isError ? <Alert tone="error">{textOf(accept.error)}</Alert> : null}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={accept.isPending}
            onClick={async () => {
              try {
                const team = await accept.mutateAsync(token);
                banners.success(team.name, t('teamPage.switcher.switched'));
                navigate('/ovens', { replace: true });
              } catch {
                // Shown above.
              }
            }}
          >
            {accept.isPending
              ? t('teamPage.invitation.joining')
              : t('teamPage.invitation.join', { team: p.team })}
          </button>
        </>
      ) : (
        <Alert tone="error">
          {t('teamPage.invitation.otherAccount', { user: user.email, email: p.email })}
        </Alert>
      )}
    </section>
  );
}
