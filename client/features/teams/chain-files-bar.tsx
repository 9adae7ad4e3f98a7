import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CHAIN_FILE_ACTIONS, type ChainFileKind } from '../../../shared/domain/chain-files';
import { can } from '../../../shared/domain/permissions';
import { useBanners } from '../../components/banners';
import { useCurrentUser } from '../../lib/current-user';
import { useOnline } from '../../lib/offline/online';
import { downloadChainFile } from './chain-files-api';

/**
 * A chain's list in and out as files: "Import from a file" and an export as CSV or Excel, for the owners and
 * managers who may import (the others see nothing).
 */
export function ChainFilesBar({ kind }: { kind: ChainFileKind }) {
  const { user } = useCurrentUser();
  const { t } = useTranslation();
  const online = useOnline();
  const banners = useBanners();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const team = user?.team;
  if (!team || !can(user, CHAIN_FILE_ACTIONS[kind])) return null;
  const save = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      await downloadChainFile(team.id, kind, format);
    } catch (error) {
      banners.failure(t(`chainImport.filesOf.${kind}`), t('chainImport.exportFailed'), error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <fieldset className="chain-files-bar">
      <legend className="sr-only">{t(`chainImport.filesOf.${kind}`)}</legend>
      {online ? (
        <Link className="btn btn-secondary" to={`/team/import/${kind}`}>
          {t('chainImport.importLink')}
        </Link>
      ) : (
        <span className="btn btn-secondary is-disabled" aria-disabled="true">
          {t('chainImport.importLink')}
        </span>
      )}
      <button
        type="button"
        className="btn btn-secondary"
        disabled={busy !== null || !online}
        onClick={() => save('csv')}
      >
        {t('chainImport.exportCsv')}
      </button>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={busy !== null || !online}
        onClick={() => save('xlsx')}
      >
        {t('chainImport.exportXlsx')}
      </button>
    </fieldset>
  );
}
