import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../lib/current-user';

/**
 * A page the user's team role does not open (crew at an address typed or bookmarked): said plainly, with the way to
 * what they do use, instead of the page's frame around an error.
 */
export function NotForRolePage() {
  const { t } = useTranslation();
  const team = useCurrentUser().user?.team;
  return (
    <section className="page narrow-page">
      <div className="card empty-state">
        <h1>{t('notForRole.title')}</h1>
        <p>
          {team
            ? t('notForRole.body', { role: t(`teamPage.roleInSentence.${team.role}`), team: team.name })
            : t('notForRole.bodyNoTeam')}
        </p>
        <Link className="btn btn-primary" to="/ovens">
          {t('notForRole.toOvens')}
        </Link>
      </div>
    </section>
  );
}
