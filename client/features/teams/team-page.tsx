import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  type Invitation,
  invitationRequest,
  type Member,
  memberRequest,
  type PlaceRef,
  TEAM_NAME_MAX,
  teamName,
} from '../../../shared/contracts/teams';
import {
  can,
  canChangeMember,
  limitedToLocations,
  rolesGrantableBy,
  type TeamRole,
} from '../../../shared/domain/permissions';
import { useBanners } from '../../components/banners';
import { Alert, Spinner, TextField } from '../../components/form';
import { ConfirmDialog, DialogActions, Modal } from '../../components/modal';
import { SearchBox } from '../../components/search-box';
import { usePinned } from '../../components/use-pinned';
import { useCurrentUser } from '../../lib/current-user';
import { translateMessage } from '../../lib/i18n';
import { formatDay, isolate } from '../../lib/text';
import { TIMINGS } from '../../lib/timings';
import { useDebounced } from '../../lib/use-debounced';
import { locationChoiceQuery, locationListQuery } from '../ovens';
import { TeamTrail } from './team-trail';
import {
  invitationsQuery,
  membersQuery,
  useCreateTeam,
  useDeleteTeam,
  useInvite,
  useRemoveMember,
  useRenameTeam,
  useResendInvitation,
  useRevokeInvitation,
  useUpdateMember,
} from './teams-api';

type Dialog =
  | { kind: 'rename' | 'new' | 'delete' | 'leave' }
  | { kind: 'member'; member: Member }
  | { kind: 'remove'; member: Member }
  | null;

const placeNames = (places: readonly PlaceRef[]) => places.map((p) => isolate(p.name)).join(', ');

/**
 * The team the user works in: its people and their roles and locations, invitations, and the trail of who changed
 * what (owners and managers); renaming and deleting it (owners); making another team; leaving.
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

function Members({ teamId, onDialog }: { teamId: number; onDialog(d: Dialog): void }) {
  const { user } = useCurrentUser();
  const { t } = useTranslation();
  const list = useQuery(membersQuery(teamId));
  const me = user?.team?.role;
  return (
    <section className="card team-section" aria-labelledby="members-title">
      <h2 id="members-title">{t('teamPage.members')}</h2>
      {list.isPending ? <Spinner label={t('teamPage.loadingMembers')} /> : null}
      {list.isError ? <Alert tone="error">{translateMessage(list.error.message)}</Alert> : null}
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

/** A role chooser with what each role may do, and the locations a store manager or crew member works in. */
function RoleAndPlaces({
  roles,
  role,
  onRole,
  chosen,
  onChosen,
  known = [],
  error,
}: {
  roles: readonly TeamRole[];
  role: TeamRole;
  onRole(r: TeamRole): void;
  chosen: Set<number>;
  onChosen(s: Set<number>): void;
  /** The locations ticked when the dialog opened, with their names (a search may not find them). */
  known?: readonly PlaceRef[];
  error?: string;
}) {
  const { t } = useTranslation();
  const { first } = useFirstPlaces();
  return (
    <>
      <fieldset className="fieldset role-choice">
        <legend>{t('teamPage.role')}</legend>
        {roles.map((r) => (
          <label key={r} className="check role-option">
            <input type="radio" name="role" checked={role === r} onChange={() => onRole(r)} />
            <span>
              <strong>{t(`teamPage.roles.${r}`)}</strong>
              <span className="muted small"> {t(`teamPage.roleHints.${r}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {limitedToLocations(role) ? (
        <fieldset
          className={`fieldset place-choice${error ? ' field-invalid' : ''}`}
          aria-describedby="places-error"
        >
          <legend>{t('teamPage.locations')}</legend>
          {first === undefined ? null : first.total === 0 ? (
            <p className="muted">{t('teamPage.noLocations')}</p>
          ) : (
            <PlaceChecks known={known} chosen={chosen} onChosen={onChosen} />
          )}
          {error ? (
            <p id="places-error" className="field-error" role="alert">
              {translateMessage(error)}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}

/** A kitchen's few locations are all listed; past this many a search of the server finds a chain's. */
const PLACES_SEARCH_FROM = 20;

/**
 * The team's first page of locations (one request, shared): whether it has any, and its only one when it has one
 * (an invitation in a one-store team ticks it).
 */
function useFirstPlaces() {
  const first = useQuery(locationChoiceQuery({ search: '' })).data;
  return { first, only: first?.total === 1 ? first.data[0] : undefined };
}

/**
 * The locations to tick: the first page of the team's, or of a search of names and addresses on the server; those
 * ticked (now or since the dialog opened) stay in sight, in their place or above a search that does not find them,
 * so an untick by mistake can be taken back. What is ticked stays ticked across searches.
 */
function PlaceChecks({
  known,
  chosen,
  onChosen,
}: {
  known: readonly PlaceRef[];
  chosen: Set<number>;
  onChosen(s: Set<number>): void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const asked = useDebounced(search.trim(), TIMINGS.pickerSearchDebounceMs);
  const page = useQuery(locationChoiceQuery({ search: asked })).data;
  const searchable = (page !== undefined && page.total > PLACES_SEARCH_FROM) || search !== '';
  // Ticked now or since the dialog opened, with their names.
  const { shown, pin } = usePinned<PlaceRef>(
    page?.data ?? [],
    known.filter((p) => chosen.has(p.id)),
  );
  return (
    <>
      {searchable ? (
        <SearchBox
          className="place-search"
          label={t('common.searchLocations')}
          placeholder={t('common.searchLocationsHint')}
          value={search}
          onChange={setSearch}
        />
      ) : null}
      <div className="place-list">
        {shown.map((p) => (
          <label key={p.id} className="check">
            <input
              type="checkbox"
              checked={chosen.has(p.id)}
              onChange={(e) => {
                const next = new Set(chosen);
                if (e.target.checked) next.add(p.id);
                else next.delete(p.id);
                onChosen(next);
                if (e.target.checked) pin([{ id: p.id, name: p.name }]);
              }}
            />
            <span>{p.name}</span>
          </label>
        ))}
      </div>
      {page && page.total > page.data.length ? (
        <p className="muted small" role="status">
          {t('common.moreLocations', { shown: page.data.length, count: page.total })}
        </p>
      ) : page && page.total === 0 && asked !== '' ? (
        <p className="muted small" role="status">
          {t('common.noLocationMatches', { search: asked })}
        </p>
      ) : null}
    </>
  );
}

function MemberModal({
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
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
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
      setError(e instanceof Error ? e.message : String(e));
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

function Invitations({ teamId, role }: { teamId: number; role: TeamRole }) {
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
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
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
          error={errors.email ? translateMessage(errors.email) : undefined}
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

/** A team's name, checked by the server's rule before it is sent: for a new team and for a rename. */
function TeamNameModal({
  title,
  initial,
  label,
  busy,
  intro,
  onSave,
  onClose,
}: {
  title: string;
  initial: string;
  label: string;
  busy: boolean;
  intro?: string;
  onSave(name: string): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  const save = async () => {
    const parsed = teamName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    try {
      await onSave(parsed.data);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Modal
      title={title}
      onClose={onClose}
      busy={busy}
      footer={<DialogActions onCancel={onClose} onConfirm={save} label={label} busy={busy} />}
    >
      {intro ? <p className="muted">{intro}</p> : null}
      <TextField
        label={t('teamPage.teamName')}
        value={name}
        onChange={setName}
        error={error ? translateMessage(error) : undefined}
        max={TEAM_NAME_MAX + 10}
        hint={t('teamPage.atMost', { max: TEAM_NAME_MAX })}
        required
      />
    </Modal>
  );
}

function NewTeamModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const create = useCreateTeam();
  const banners = useBanners();
  const navigate = useNavigate();
  return (
    <TeamNameModal
      title={t('teamPage.newTeam')}
      initial=""
      label={t('teamPage.makeTeam')}
      busy={create.isPending}
      intro={t('teamPage.newTeamIntro')}
      onClose={onClose}
      onSave={async (name) => {
        const made = await create.mutateAsync(name);
        banners.success(made.name, t('teamPage.made'));
        navigate('/team');
      }}
    />
  );
}

function RenameModal({ teamId, name, onClose }: { teamId: number; name: string; onClose(): void }) {
  const { t } = useTranslation();
  const rename = useRenameTeam(teamId);
  return (
    <TeamNameModal
      title={t('teamPage.renameTitle')}
      initial={name}
      label={t('teamPage.save')}
      busy={rename.isPending}
      onClose={onClose}
      onSave={(next) => rename.mutateAsync(next)}
    />
  );
}

/** Deleting a whole team is asked for by typing its name: it takes every oven, recipe and template with it. */
function DeleteModal({ teamId, name, onClose }: { teamId: number; name: string; onClose(): void }) {
  const { t } = useTranslation();
  const remove = useDeleteTeam();
  const banners = useBanners();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const save = async () => {
    if (typed.trim() !== name) return setError(t('teamPage.typeNameError', { name }));
    try {
      await remove.mutateAsync(teamId);
      banners.success(name, t('teamPage.deleted'));
      onClose();
      navigate('/team');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Modal
      title={t('teamPage.delete')}
      onClose={onClose}
      busy={remove.isPending}
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={save}
          label={t('teamPage.delete')}
          busy={remove.isPending}
        />
      }
    >
      <p>{t('teamPage.deleteBody', { name })}</p>
      <TextField
        label={t('teamPage.typeName')}
        value={typed}
        onChange={setTyped}
        error={error ? translateMessage(error) : undefined}
      />
    </Modal>
  );
}

function LeaveDialog({
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

function RemoveDialog({ teamId, member, onClose }: { teamId: number; member: Member; onClose(): void }) {
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
