import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Location } from '../../../shared/contracts/ovens';
import {
  type Invitation,
  invitationRequest,
  type Member,
  memberRequest,
  TEAM_NAME_MAX,
  teamName,
} from '../../../shared/contracts/teams';
import {
  can,
  canChangeMember,
  limitedToLocations,
  rolesGrantableBy,
  TEAM_ROLE_HINTS,
  TEAM_ROLE_LABELS,
  type TeamRole,
} from '../../../shared/domain/permissions';
import { useBanners } from '../../components/banners';
import { Alert, Spinner, TextField } from '../../components/form';
import { ConfirmDialog, DialogActions, Modal } from '../../components/modal';
import { useCurrentUser } from '../../lib/current-user';
import { formatDay } from '../../lib/text';
import { locationListQuery } from '../ovens';
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

const placeNames = (ids: readonly number[], places: Location[]) =>
  ids.map((id) => places.find((p) => p.id === id)?.name ?? `Location ${id}`).join(', ');

/**
 * The team the user works in: its people and their roles and locations, invitations, and the trail of who changed
 * what (owners and managers); renaming and deleting it (owners); making another team; leaving.
 */
export function TeamPage() {
  const { user } = useCurrentUser();
  const team = user?.team ?? null;
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const places = useQuery({ ...locationListQuery(), enabled: team !== null }).data ?? [];
  const runs = can(user, 'team.members');

  if (!user) return null;
  if (!team)
    return (
      <section className="page team-page" aria-labelledby="team-title">
        <header className="page-header">
          <h1 id="team-title">Team</h1>
        </header>
        <div className="card empty-state">
          <p>
            You are in no team yet. Make one for your kitchen, or open the invitation link a team sent you by
            e-mail.
          </p>
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'new' })}>
            New Team
          </button>
        </div>
        {dialog?.kind === 'new' ? <NewTeamModal onClose={close} /> : null}
      </section>
    );

  return (
    <section className="page team-page" aria-labelledby="team-title">
      <header className="page-header page-header-row">
        <div>
          <h1 id="team-title" dir="auto">
            {team.name}
          </h1>
          <p className="muted">
            You are {TEAM_ROLE_LABELS[team.role].toLowerCase()} here
            {limitedToLocations(team.role) ? (
              <> of {team.location_ids.length ? placeNames(team.location_ids, places) : 'no location yet'}</>
            ) : null}
            . {TEAM_ROLE_HINTS[team.role]}
          </p>
        </div>
        <div className="team-actions">
          {can(user, 'team.manage') ? (
            <button type="button" className="btn btn-secondary" onClick={() => setDialog({ kind: 'rename' })}>
              Rename
            </button>
          ) : null}
          <button type="button" className="btn btn-secondary" onClick={() => setDialog({ kind: 'new' })}>
            New Team
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setDialog({ kind: 'leave' })}>
            Leave Team
          </button>
          {can(user, 'team.manage') ? (
            <button type="button" className="btn btn-danger" onClick={() => setDialog({ kind: 'delete' })}>
              Delete Team
            </button>
          ) : null}
        </div>
      </header>

      {runs ? (
        <>
          <Members teamId={team.id} places={places} onDialog={setDialog} />
          <Invitations teamId={team.id} places={places} role={team.role} />
          <TeamTrail teamId={team.id} places={places} />
        </>
      ) : (
        <div className="card">
          <p>The team's owners and managers invite people and see who changed what.</p>
        </div>
      )}

      {dialog?.kind === 'new' ? <NewTeamModal onClose={close} /> : null}
      {dialog?.kind === 'rename' ? <RenameModal teamId={team.id} name={team.name} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? <DeleteModal teamId={team.id} name={team.name} onClose={close} /> : null}
      {dialog?.kind === 'leave' ? (
        <LeaveDialog teamId={team.id} name={team.name} userId={user.id} onClose={close} />
      ) : null}
      {dialog?.kind === 'member' ? (
        <MemberModal
          teamId={team.id}
          member={dialog.member}
          places={places}
          myRole={team.role}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <RemoveDialog teamId={team.id} member={dialog.member} onClose={close} />
      ) : null}
    </section>
  );
}

function Members({
  teamId,
  places,
  onDialog,
}: {
  teamId: number;
  places: Location[];
  onDialog(d: Dialog): void;
}) {
  const { user } = useCurrentUser();
  const list = useQuery(membersQuery(teamId));
  const me = user?.team?.role;
  return (
    <section className="card team-section" aria-labelledby="members-title">
      <h2 id="members-title">Members</h2>
      {list.isPending ? <Spinner label="Loading members ..." /> : null}
      {list.isError ? <Alert tone="error">{list.error.message}</Alert> : null}
      {list.data ? (
        <ul className="member-list" aria-label="Members">
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
                  {self ? <span className="badge">You</span> : null}
                  <span className="muted member-email">{m.email}</span>
                </div>
                <div className="member-role">
                  <span className={`role-badge role-${m.role}`}>{TEAM_ROLE_LABELS[m.role]}</span>
                  {limitedToLocations(m.role) ? (
                    <span className="muted">
                      {m.location_ids.length ? placeNames(m.location_ids, places) : 'no location'}
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
                      Change
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary"
                      onClick={() => onDialog({ kind: 'remove', member: m })}
                    >
                      Remove
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
  places,
  error,
}: {
  roles: readonly TeamRole[];
  role: TeamRole;
  onRole(r: TeamRole): void;
  chosen: Set<number>;
  onChosen(s: Set<number>): void;
  places: Location[];
  error?: string;
}) {
  return (
    <>
      <fieldset className="fieldset role-choice">
        <legend>Role</legend>
        {roles.map((r) => (
          <label key={r} className="check role-option">
            <input type="radio" name="role" checked={role === r} onChange={() => onRole(r)} />
            <span>
              <strong>{TEAM_ROLE_LABELS[r]}</strong>
              <span className="muted small"> {TEAM_ROLE_HINTS[r]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {limitedToLocations(role) ? (
        <fieldset
          className={`fieldset place-choice${error ? ' field-invalid' : ''}`}
          aria-describedby="places-error"
        >
          <legend>Locations</legend>
          {places.length === 0 ? (
            <p className="muted">This team has no locations yet: add them on the Fleet page first.</p>
          ) : (
            places.map((p) => (
              <label key={p.id} className="check">
                <input
                  type="checkbox"
                  checked={chosen.has(p.id)}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(p.id);
                    else next.delete(p.id);
                    onChosen(next);
                  }}
                />
                <span>{p.name}</span>
              </label>
            ))
          )}
          {error ? (
            <p id="places-error" className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}

function MemberModal({
  teamId,
  member,
  places,
  myRole,
  onClose,
}: {
  teamId: number;
  member: Member;
  places: Location[];
  myRole: TeamRole;
  onClose(): void;
}) {
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
      banners.success(member.username, `is now ${TEAM_ROLE_LABELS[role].toLowerCase()}`);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Modal
      title={`Change ${member.username}`}
      onClose={onClose}
      busy={update.isPending}
      footer={<DialogActions onCancel={onClose} onConfirm={save} label="Save" busy={update.isPending} />}
    >
      <RoleAndPlaces
        roles={rolesGrantableBy(myRole)}
        role={role}
        onRole={setRole}
        chosen={chosen}
        onChosen={setChosen}
        places={places}
        error={error}
      />
    </Modal>
  );
}

function Invitations({ teamId, places, role }: { teamId: number; places: Location[]; role: TeamRole }) {
  const list = useQuery(invitationsQuery(teamId));
  const invite = useInvite(teamId);
  const resend = useResendInvitation(teamId);
  const revoke = useRevokeInvitation(teamId);
  const banners = useBanners();
  const roles = rolesGrantableBy(role);
  const [email, setEmail] = useState('');
  const [asRole, setAsRole] = useState<TeamRole>('store');
  const [chosen, setChosen] = useState(new Set<number>(places.length === 1 ? [places[0]!.id] : []));
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
      banners.success(parsed.data.email, 'has been invited by e-mail');
      setEmail('');
      setErrors({});
    } catch (e) {
      const fields = (e as { errors?: Record<string, string[]> }).errors ?? {};
      setErrors(
        Object.keys(fields).length
          ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? '']))
          : { email: e instanceof Error ? e.message : String(e) },
      );
    }
  };

  return (
    <section className="card team-section" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite someone</h2>
      <form
        className="invite-form"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <TextField
          label="E-mail"
          type="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
          autoComplete="off"
          required
        />
        <RoleAndPlaces
          roles={roles}
          role={asRole}
          onRole={setAsRole}
          chosen={chosen}
          onChosen={setChosen}
          places={places}
          error={errors.location_ids}
        />
        <button type="submit" className="btn btn-primary" disabled={invite.isPending}>
          {invite.isPending ? 'Sending ...' : 'Send Invitation'}
        </button>
      </form>
      {list.data && list.data.length > 0 ? (
        <>
          <h3>Waiting to be accepted</h3>
          <ul className="invitation-list" aria-label="Invitations waiting">
            {list.data.map((i: Invitation) => (
              <li key={i.id} className="member-row" aria-label={i.email}>
                <div className="member-who">
                  <strong>{i.email}</strong>
                  <span className="muted">
                    {TEAM_ROLE_LABELS[i.role]}
                    {i.location_ids.length ? ` · ${placeNames(i.location_ids, places)}` : ''}
                  </span>
                </div>
                <div className="member-role">
                  {i.expired ? (
                    <span className="role-badge invitation-expired">Expired</span>
                  ) : (
                    <span className="muted">Until {formatDay(i.expires_at)}</span>
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
                          banners.success(i.email, 'has been sent the invitation again');
                        } catch (e) {
                          banners.failure(i.email, 'could not be invited again', e);
                        }
                      }}
                    >
                      Resend
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={revoke.isPending}
                      onClick={async () => {
                        try {
                          await revoke.mutateAsync(i.id);
                          banners.success(i.email, 'invitation withdrawn');
                        } catch (e) {
                          banners.failure(i.email, 'invitation could not be withdrawn', e);
                        }
                      }}
                    >
                      Withdraw
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </>
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
        label="Team name"
        value={name}
        onChange={setName}
        error={error}
        maxLength={TEAM_NAME_MAX + 10}
        hint={`At most ${TEAM_NAME_MAX} characters.`}
        required
      />
    </Modal>
  );
}

function NewTeamModal({ onClose }: { onClose(): void }) {
  const create = useCreateTeam();
  const banners = useBanners();
  const navigate = useNavigate();
  return (
    <TeamNameModal
      title="New Team"
      initial=""
      label="Make Team"
      busy={create.isPending}
      intro="A team has its own ovens, recipes, locations and templates. You will be its owner and work in it; switch teams from the navigation."
      onClose={onClose}
      onSave={async (name) => {
        const made = await create.mutateAsync(name);
        banners.success(made.name, 'is your new team: you work in it now');
        navigate('/team');
      }}
    />
  );
}

function RenameModal({ teamId, name, onClose }: { teamId: number; name: string; onClose(): void }) {
  const rename = useRenameTeam(teamId);
  return (
    <TeamNameModal
      title="Rename Team"
      initial={name}
      label="Save"
      busy={rename.isPending}
      onClose={onClose}
      onSave={(next) => rename.mutateAsync(next)}
    />
  );
}

/** Deleting a whole team is asked for by typing its name: it takes every oven, recipe and template with it. */
function DeleteModal({ teamId, name, onClose }: { teamId: number; name: string; onClose(): void }) {
  const remove = useDeleteTeam();
  const banners = useBanners();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const save = async () => {
    if (typed.trim() !== name) return setError(`Type the team's name, ${name}, to delete it.`);
    try {
      await remove.mutateAsync(teamId);
      banners.success(name, 'was successfully deleted');
      onClose();
      navigate('/team');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Modal
      title="Delete Team"
      onClose={onClose}
      busy={remove.isPending}
      footer={
        <DialogActions onCancel={onClose} onConfirm={save} label="Delete Team" busy={remove.isPending} />
      }
    >
      <p>
        This deletes {name} with all its ovens and their menus, recipes, locations, templates and history, for
        every member. This action cannot be undone.
      </p>
      <TextField label="Type the team's name to confirm" value={typed} onChange={setTyped} error={error} />
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
  const leave = useRemoveMember(teamId);
  const banners = useBanners();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      title="Leave Team"
      message={`Leave ${name}? You will no longer see its ovens, recipes or menus until someone invites you again.`}
      confirmLabel="Leave Team"
      busy={leave.isPending}
      onCancel={onClose}
      onConfirm={async () => {
        try {
          await leave.mutateAsync(userId);
          banners.success(name, 'you left the team');
          onClose();
          navigate('/team');
        } catch (e) {
          banners.failure(name, 'you could not leave the team', e);
          onClose();
        }
      }}
    />
  );
}

function RemoveDialog({ teamId, member, onClose }: { teamId: number; member: Member; onClose(): void }) {
  const remove = useRemoveMember(teamId);
  const banners = useBanners();
  return (
    <ConfirmDialog
      title="Remove Member"
      message={`Remove ${member.username} from the team? They lose access at once; what they made stays with the team.`}
      confirmLabel="Remove"
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={async () => {
        try {
          await remove.mutateAsync(member.user_id);
          banners.success(member.username, 'was removed from the team');
        } catch (e) {
          banners.failure(member.username, 'could not be removed', e);
        }
        onClose();
      }}
    />
  );
}
