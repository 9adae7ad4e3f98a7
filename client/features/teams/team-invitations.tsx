/** The invitations waiting for an answer: sending, resending and withdrawing them. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Invitation, invitationRequest } from '../../../shared/contracts/teams';
import { limitedToLocations, rolesGrantableBy, type TeamRole } from '../../../shared/domain/permissions';
import { useBanners } from '../../components/banners';
import { TextField } from '../../components/form';
import { ConfirmDialog } from '../../components/modal';
import { issueText } from '../../lib/i18n';
import { formatDay } from '../../lib/text';
import { placeNames, RoleAndPlaces, useFirstPlaces } from './team-place-picker';
import { invitationsQuery, useInvite, useResendInvitation, useRevokeInvitation } from './teams-api';

export function Invitations({ teamId, role }: { teamId: number; role: TeamRole }) {
  const { t } = useTranslation();
  const list = useQuery(invitationsQuery(teamId));
  const invite = useInvite(teamId);
  const resend = useResendInvitation(teamId);
  const revoke = useRevokeInvitation(teamId);
  // A withdrawal cannot be undone (the link dies): asked first, as removing a member is.
  const [withdrawing, setWithdrawing] = useState<{ id: number; email: string } | null>(null);
  const banners = useBanners();
  const roles = rolesGrantableBy(role);
  const [email, setEmail] = useState('');
  const [asRole, setAsRole] = useState<TeamRole>('store');
  // Until the choice is touched, a team with one location has it ticked.
  const { only } = useFirstPlaces();
  const [picked, setPicked] = useState<Set<number> | null>(null);
  const chosen = picked ?? new Set(only ? [only.id] : []);
  // Each invitation starts afresh (role, locations, their search): the next person may work elsewhere.
  const [round, setRound] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const send = async () => {
    const body = { email, role: asRole, location_ids: limitedToLocations(asRole) ? [...chosen] : [] };
    // The server's own rules, checked here first so each message sits by its field.
    const parsed = invitationRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), issueText(i)!])));
      return;
    }
    try {
      await invite.mutateAsync(body);
      banners.success(parsed.data.email, t('teamPage.invited'));
      setEmail('');
      setAsRole('store');
      setPicked(null);
      setRound((r) => r + 1);
      setErrors({});
    } catch (e) {
      const fields = (e as { errors?: Record<string, string[]> }).errors ?? {};
      if (Object.keys(fields).length) {
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
        return;
      }
      // Not about a field (too many invitations, a lost connection): said where the eye is after tapping Send,
      // as Resend says it, not by the e-mail box scrolled out of sight.
      setErrors({});
      banners.failure(parsed.data.email, t('teamPage.inviteFailed'), e);
    }
  };

  return (
    <section className="card team-section" aria-labelledby="invite-title">
      <h2 id="invite-title">{t('teamPage.inviteTitle')}</h2>
      <form
        className="invite-form"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <TextField
          label={t('fields.email')}
          type="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
          autoComplete="off"
          required
        />
        <RoleAndPlaces
          key={round}
          roles={roles}
          role={asRole}
          onRole={setAsRole}
          chosen={chosen}
          onChosen={setPicked}
          known={only ? [only] : []}
          error={errors.location_ids}
        />
        <button type="submit" className="btn btn-primary" disabled={invite.isPending}>
          {invite.isPending ? t('teamPage.sending') : t('teamPage.sendInvitation')}
        </button>
      </form>
      {list.data && list.data.length > 0 ? (
        <>
          <h3 className="invitations-title">{t('teamPage.waiting')}</h3>
          <ul className="invitation-list" aria-label={t('teamPage.invitationsWaiting')}>
            {list.data.map((i: Invitation) => (
              <li key={i.id} className="member-row" aria-label={i.email}>
                <div className="member-who">
                  <strong>{i.email}</strong>
                  <span className="muted">
                    {t(`teamPage.roles.${i.role}`)}
                    {i.locations.length ? ` · ${placeNames(i.locations)}` : ''}
                  </span>
                </div>
                <div className="member-role">
                  {i.expired ? (
                    <span className="role-badge invitation-expired">{t('teamPage.expired')}</span>
                  ) : (
                    <span className="muted">{t('teamPage.until', { date: formatDay(i.expires_at) })}</span>
                  )}
                </div>
                {roles.includes(i.role) ? (
                  <div className="member-actions">
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={resend.isPending}
                      onClick={async () => {
                        try {
                          await resend.mutateAsync(i.id);
                          banners.success(i.email, t('teamPage.resent'));
                        } catch (e) {
                          banners.failure(i.email, t('teamPage.resendFailed'), e);
                        }
                      }}
                    >
                      {t('teamPage.resend')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={revoke.isPending}
                      onClick={() => setWithdrawing({ id: i.id, email: i.email })}
                    >
                      {t('teamPage.withdraw')}
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {withdrawing ? (
        <ConfirmDialog
          title={t('teamPage.withdrawTitle')}
          message={t('teamPage.withdrawConfirm', { email: withdrawing.email })}
          confirmLabel={t('teamPage.withdraw')}
          busy={revoke.isPending}
          onCancel={() => setWithdrawing(null)}
          onConfirm={async () => {
            try {
              await revoke.mutateAsync(withdrawing.id);
              banners.success(withdrawing.email, t('teamPage.withdrawn'));
            } catch (e) {
              banners.failure(withdrawing.email, t('teamPage.withdrawFailed'), e);
            }
            setWithdrawing(null);
          }}
        />
      ) : null}
    </section>
  );
}
