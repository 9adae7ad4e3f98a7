import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBanners } from '../components/banners';
import { authCheckKey, takeOwnTeamChange, useCurrentUser } from '../lib/current-user';

/**
 * Someone removed from their team (or whose team was deleted) while a page of it is open: says so, and drops what
 * the page kept of the team (its menus, recipes, files), so nothing of it is shown or downloaded from the cache.
 * Noticed at the next auth check: each navigation, and any request the server refuses with 403.
 */
export function TeamRemovalWatch() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const banners = useBanners();
  const last = useRef<{ userId: number; team: { id: number; name: string } | null } | null>(null);

  useEffect(() => {
    const before = last.current;
    last.current = user ? { userId: user.id, team: user.team } : null;
    if (!user || !before || before.userId !== user.id || !before.team) return;
    if (user.team?.id === before.team.id) return;
    if (takeOwnTeamChange()) return;
    banners.show({
      tone: 'error',
      who: before.team.name,
      description: t('teamPage.removedFromTeam', { team: before.team.name }),
      ms: 12_000,
    });
    void queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== authCheckKey[0] });
  }, [user, banners, queryClient, t]);

  return null;
}
