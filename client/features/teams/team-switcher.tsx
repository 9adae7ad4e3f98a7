import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useBanners } from '../../components/banners';
import { useCurrentUser } from '../../lib/current-user';
import { teamListQuery, useSwitchTeam } from './teams-api';

/**
 * The team the user works in, in the navigation, for those in several: a choice that persists (the server keeps
 * it) and reloads every list for the team chosen. In one team, the Team link is enough.
 */
export function TeamSwitcher() {
  const { user } = useCurrentUser();
  const teams = useQuery({ ...teamListQuery(), enabled: user !== null });
  const switchTeam = useSwitchTeam();
  const banners = useBanners();
  const navigate = useNavigate();
  if (!user) return null;
  const current = user.team;
  const list = teams.data ?? [];
  if (list.length <= 1) return null;
  return (
    <label className="team-switcher">
      <span className="sr-only">Team</span>
      <select
        value={current ? String(current.id) : ''}
        disabled={switchTeam.isPending}
        onChange={async (e) => {
          if (e.target.value === '__team') {
            navigate('/team');
            return;
          }
          const id = Number(e.target.value);
          try {
            const team = await switchTeam.mutateAsync(id);
            banners.success(team.name, 'is the team you work in now');
          } catch (error) {
            banners.failure('Team', 'could not be switched', error);
          }
        }}
      >
        {current ? null : <option value="">No team</option>}
        {list.map((t) => (
          <option key={t.id} value={String(t.id)}>
            {t.name}
          </option>
        ))}
        <option value="__team">Manage teams…</option>
      </select>
    </label>
  );
}
