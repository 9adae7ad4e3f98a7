import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can, limitedToLocations } from '../../../shared/domain/permissions';
import { useCurrentUser } from '../../lib/current-user';
import { locationListQuery } from '../ovens';
import { CompanySignInSection } from './company-sign-in-section';
import { DeleteModal, NewTeamModal, RenameModal } from './team-dialogs';
import { Invitations } from './team-invitations';
import { type Dialog, LeaveDialog, MemberModal, Members, RemoveDialog } from './team-members';
import { placeNames } from './team-place-picker';
import { TeamTrail } from './team-trail';
import { WebhooksSection } from './webhooks-section';

/**
 * The team the user works in: its people and their roles and locations, invitations, webhooks and the trail of who
 * changed what (owners and managers); renaming and deleting it (owners); making another team; leaving.
 */
export function TeamPage() {
  const { user } = useCurrentUser();
  const team = user?.team ?? null;
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  // A store manager's or crew member's own locations (they see no others), to name them; a chain's owners and
  // managers never load every location: members and invitations come with the names of theirs.
  const mine = useQuery({
    ...locationListQuery(),
    enabled: team !== null && limitedToLocations(team.role),
  }).data;
  const managesMembers = can(user, 'team.members');
  const { t } = useTranslation();

  if (!user) return null;
  if (!team)
    return (
      <section className="page team-page" aria-labelledby="team-title">
        <header className="page-header">
          <h1 id="team-title">{t('teamPage.title')}</h1>
        </header>
        <div className="card empty-state">
          <p>{t('teamPage.noTeam')}</p>
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'new' })}>
            {t('teamPage.newTeam')}
          </button>
        </div>
        {dialog?.kind === 'new' ? <NewTeamModal onClose={close} /> : null}
      </section>
    );

  const myRole = t(`teamPage.roleInSentence.${team.role}`);
  return (
    <section className="page team-page" aria-labelledby="team-title">
      <header className="page-header page-header-row">
        <div>
          <h1 id="team-title" dir="auto">
            {team.name}
          </h1>
          <p className="muted">
            {limitedToLocations(team.role)
              ? team.location_ids.length
                ? t('teamPage.youAreOf', {
                    role: myRole,
                    places: placeNames((mine ?? []).filter((p) => team.location_ids.includes(p.id))),
                  })
                : t('teamPage.youAreOfNone', { role: myRole })
              : t('teamPage.youAre', { role: myRole })}{' '}
            {t(`teamPage.roleHints.${team.role}`)}
          </p>
        </div>
        <div className="team-actions">
          {can(user, 'team.manage') ? (
            <button type="button" className="btn btn-secondary" onClick={() => setDialog({ kind: 'rename' })}>
              {t('teamPage.rename')}
            </button>
          ) : null}
          <button type="button" className="btn btn-secondary" onClick={() => setDialog({ kind: 'new' })}>
            {t('teamPage.newTeam')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setDialog({ kind: 'leave' })}>
            {t('teamPage.leave')}
          </button>
          {can(user, 'team.manage') ? (
            <button type="button" className="btn btn-danger" onClick={() => setDialog({ kind: 'delete' })}>
              {t('teamPage.delete')}
            </button>
          ) : null}
        </div>
      </header>

      {managesMembers ? (
        <>
          <Members teamId={team.id} onDialog={setDialog} />
          <Invitations teamId={team.id} role={team.role} />
          {can(user, 'team.manage') ? <CompanySignInSection teamId={team.id} /> : null}
          {can(user, 'team.webhooks') ? <WebhooksSection teamId={team.id} /> : null}
          <TeamTrail teamId={team.id} />
        </>
      ) : (
        <div className="card">
          <p>{t('teamPage.onlyManagers')}</p>
        </div>
      )}

      {dialog?.kind === 'new' ? <NewTeamModal onClose={close} /> : null}
      {dialog?.kind === 'rename' ? <RenameModal teamId={team.id} name={team.name} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? <DeleteModal teamId={team.id} name={team.name} onClose={close} /> : null}
      {dialog?.kind === 'leave' ? (
        <LeaveDialog teamId={team.id} name={team.name} userId={user.id} onClose={close} />
      ) : null}
      {dialog?.kind === 'member' ? (
        <MemberModal teamId={team.id} member={dialog.member} myRole={team.role} onClose={close} />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <RemoveDialog teamId={team.id} member={dialog.member} onClose={close} />
      ) : null}
    </section>
  );
}
