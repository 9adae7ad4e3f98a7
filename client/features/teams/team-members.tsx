/** The team's people: the member list, a member's form, and leaving or removing. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Member, memberRequest } from '../../../shared/contracts/teams';
import {
  canChangeMember,
  limitedToLocations,
  rolesGrantableBy,
  type TeamRole,
} from '../../../shared/domain/permissions';
import { useBanners } from '../../components/banners';
import { Alert, Spinner } from '../../components/form';
import { ConfirmDialog, DialogActions, Modal } from '../../components/modal';
import { useCurrentUser } from '../../lib/current-user';
import { issueText, textOf } from '../../lib/i18n';
import { ChainFilesBar } from './chain-files-bar';
import { placeNames, RoleAndPlaces } from './team-place-picker';
import { membersQuery, useRemoveMember, useUpdateMember } from './teams-api';

export type Dialog =
  | { kind: 'rename' | 'new' | 'delete' | 'leave' }
  | { kind: 'member'; member: Member }
  | { kind: 'remove'; member: Member }
  | null;

export function Members({ teamId, onDialog }: { teamId: number; onDialog(d: Dialog): void }) {
  const { user } = useCurrentUser();
  const { t } = useTranslation();
  const list = useQuery(membersQuery(teamId));
  const me = user?.team?.role;
  return (
    <section className="card team-section" aria-labelledby="members-title">
      <div className="team-section-head">
        <h2 id="members-title">{t('teamPage.members')}</h2>
        <ChainFilesBar kind="members" />
      </div>
      {list.isPending ? <Spinner label={t('teamPage.loadingMembers')} /> : null}
      {list.isError ? <Alert tone="error">{textOf(list.error)}</Alert> : null}
      {list.data ? (
        <ul className="member-list" aria-label={t('teamPage.members')}>
          {list.data.map((m) => {
            const self = m.user_id === user?.id;
            const changeable =
              !self &&
              me !== undefined &&
              canChangeMember({ userId: user!.id, role: me }, { userId: m.user_id, role: m.role }, null);
            return (
              <li key={m.user_id} className="member-row" aria-label={m.username}>
                <div className="member-who">
                  <strong>{m.username}</strong>
                  {self ? <span className="badge">{t('teamPage.you')}</span> : null}
                  <span className="muted member-email">{m.email}</span>
                </div>
                <div className="member-role">
                  <span className={`role-badge role-${m.role}`}>{t(`teamPage.roles.${m.role}`)}</span>
                  {limitedToLocations(m.role) ? (
                    <span className="muted">
                      {m.locations.length ? placeNames(m.locations) : t('teamPage.noLocation')}
                    </span>
                  ) : null}
                </div>
                {changeable ? (
                  <div className="member-actions">
                    <button
                      type="button"
                      className="btn btn-secondary"
                      onClick={() => onDialog({ kind: 'member', member: m })}
                    >
                      {t('teamPage.change')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary"
                      onClick={() => onDialog({ kind: 'remove', member: m })}
                    >
                      {t('teamPage.remove')}
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

export function MemberModal({
  teamId,
  member,
  myRole,
  onClose,
}: {
  teamId: number;
  member: Member;
  myRole: TeamRole;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const update = useUpdateMember(teamId);
  const banners = useBanners();
  const [role, setRole] = useState<TeamRole>(member.role);
  const [chosen, setChosen] = useState(new Set(member.location_ids));
  const [error, setError] = useState<string>();
  const save = async () => {
    const body = { role, location_ids: limitedToLocations(role) ? [...chosen] : [] };
    // The server's own rule, checked here first so the message sits by the locations.
    const parsed = memberRequest.safeParse(body);
    if (!parsed.success) return setError(issueText(parsed.error.issues[0]));
    try {
      await update.mutateAsync({ userId: member.user_id, body });
      // Says what changed: the role, else the locations, else nothing did.
      const sameAs = (ids: number[]) =>
        ids.length === member.location_ids.length && ids.every((id) => member.location_ids.includes(id));
      banners.success(
        member.username,
        role !== member.role
          ? t('teamPage.isNow', { role: t(`teamPage.roleInSentence.${role}`) })
          : limitedToLocations(role) && !sameAs(body.location_ids)
            ? t('teamPage.locationsSaved', { count: body.location_ids.length })
            : t('teamPage.nothingChanged'),
      );
      onClose();
    } catch (e) {
      setError(textOf(e) || String(e));
    }
  };
  return (
    <Modal
      title={t('teamPage.changeTitle', { name: member.username })}
      onClose={onClose}
      busy={update.isPending}
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={save}
          label={t('teamPage.save')}
          busy={update.isPending}
        />
      }
    >
      <RoleAndPlaces
        roles={rolesGrantableBy(myRole)}
        role={role}
        onRole={setRole}
        chosen={chosen}
        onChosen={setChosen}
        known={member.locations}
        error={error}
      />
    </Modal>
  );
}

export function LeaveDialog({
  teamId,
  name,
  userId,
  onClose,
}: {
  teamId: number;
  name: string;
  userId: number;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const leave = useRemoveMember(teamId);
  const banners = useBanners();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      title={t('teamPage.leave')}
      message={t('teamPage.leaveConfirm', { name })}
      confirmLabel={t('teamPage.leave')}
      busy={leave.isPending}
      onCancel={onClose}
      onConfirm={async () => {
        try {
          await leave.mutateAsync(userId);
          banners.success(name, t('teamPage.left'));
          onClose();
          navigate('/team');
        } catch (e) {
          banners.failure(name, t('teamPage.leaveFailed'), e);
          onClose();
        }
      }}
    />
  );
}

export function RemoveDialog({
  teamId,
  member,
  onClose,
}: {
  teamId: number;
  member: Member;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const remove = useRemoveMember(teamId);
  const banners = useBanners();
  return (
    <ConfirmDialog
      title={t('teamPage.removeTitle')}
      message={t('teamPage.removeConfirm', { name: member.username })}
      confirmLabel={t('teamPage.remove')}
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={async () => {
        try {
          await remove.mutateAsync(member.user_id);
          banners.success(member.username, t('teamPage.removed'));
        } catch (e) {
          banners.failure(member.username, t('teamPage.removeFailed'), e);
        }
        onClose();
      }}
    />
  );
}
