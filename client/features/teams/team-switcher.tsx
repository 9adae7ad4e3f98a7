import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
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
      <span className="sr-only">{t('teamPage.switcher.label')}</span>
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
            banners.success(team.name, t('teamPage.switcher.switched'));
          } catch (error) {
            banners.failure(t('teamPage.switcher.label'), t('teamPage.switcher.failed'), error);
          }
        }}
      >
        {current ? null : <option value="">{t('teamPage.switcher.noTeam')}</option>}
        {list.map((team) => (
          <option key={team.id} value={String(team.id)}>
            {team.name}
          </option>
        ))}
        <option value="__team">{t('teamPage.switcher.manage')}</option>
      </select>
    </label>
  );
}
