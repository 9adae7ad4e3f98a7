import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TEAM_NAME_MAX, teamName } from '../../../shared/contracts/teams';
import { useBanners } from '../../components/banners';
import { TextField } from '../../components/form';
import { DialogActions, Modal } from '../../components/modal';
import { issueText, textOf } from '../../lib/i18n';
import { useCreateTeam, useDeleteTeam, useRenameTeam } from './teams-api';

/** A team's name, checked by the server's rule before it is sent: for a new team and for a rename. */
export function TeamNameModal({
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
    if (!parsed.success) return setError(issueText(parsed.error.issues[0]));
    try {
      await onSave(parsed.data);
      onClose();
    } catch (e) {
      setError(textOf(e) || String(e));
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
        error={error}
        max={TEAM_NAME_MAX + 10}
        hint={t('teamPage.atMost', { max: TEAM_NAME_MAX })}
        required
      />
    </Modal>
  );
}

export function NewTeamModal({ onClose }: { onClose(): void }) {
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

export function RenameModal({ teamId, name, onClose }: { teamId: number; name: string; onClose(): void }) {
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
export function DeleteModal({ teamId, name, onClose }: { teamId: number; name: string; onClose(): void }) {
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
      setError(textOf(e) || String(e));
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
      <TextField label={t('teamPage.typeName')} value={typed} onChange={setTyped} error={error} />
    </Modal>
  );
}
