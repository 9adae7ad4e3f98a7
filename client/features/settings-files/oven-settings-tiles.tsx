import { useState } from 'react';
import type { OvenDetail } from '../../../shared/contracts/ovens';
import { type ShareKind, shareRequest } from '../../../shared/contracts/settings-files';
import { type OvenType, ovenModel } from '../../../shared/domain/oven-models';
import { can } from '../../../shared/domain/permissions';
import { useBanners } from '../../components/banners';
import { Alert } from '../../components/form';
import { Modal } from '../../components/modal';
import { useCurrentUser } from '../../lib/current-user';
import { TIMINGS } from '../../lib/timings';
import {
  savePrepared,
  USB_GUIDE_LINKS,
  useCheckOvenFile,
  usePrepareDownload,
  useShareOven,
} from './settings-files-api';

/**
 * Spec §2.7 below the editor: Download Oven Settings (with the warning that the file replaces what the oven has and
 * must keep its name), the two USB guides, and the share tiles ('Share Oven's Settings', 'Share Oven's Menu as
 * PDF') that e-mail the file or the menu.
 */
export function OvenSettingsTiles({ oven }: { oven: OvenDetail }) {
  const model = ovenModel(oven.type as OvenType);
  const banners = useBanners();
  const prepare = usePrepareDownload();
  const [warning, setWarning] = useState(false);
  const { user } = useCurrentUser();

  const download = async () => {
    try {
      const prepared = await prepare.mutateAsync(oven.id);
      setWarning(false);
      await savePrepared(prepared);
    } catch (error) {
      setWarning(false);
      banners.failure(
        oven.name,
        `There was an error while trying to download settings for ${oven.name}`,
        error,
      );
    }
  };

  return (
    <section className="oven-tiles" aria-label="Settings file and sharing">
      <div className="card tile-card">
        <h2>Load onto the oven</h2>
        <p className="muted">
          Download this oven's settings as <strong>{model.fileName}</strong> and copy it to a USB stick for
          the oven's USB port.
        </p>
        <button type="button" className="btn btn-primary" onClick={() => setWarning(true)}>
          Download Oven Settings
        </button>
        <ul className="guide-links">
          {(['rcp', 'ai2'] as const).map((family) => (
            <li key={family} className={family === model.family ? 'guide-link-current' : undefined}>
              <a href={USB_GUIDE_LINKS[family].href} target="_blank" rel="noopener">
                {USB_GUIDE_LINKS[family].label} (PDF)
              </a>
            </li>
          ))}
        </ul>
      </div>
      <CheckFileTile oven={oven} />
      {can(user, 'settings.share') ? (
        <>
          <ShareTile oven={oven} kind="settings" />
          <ShareTile oven={oven} kind="recipes" />
        </>
      ) : null}

      {warning ? (
        <Modal
          title="Download Oven Settings"
          size="sm"
          busy={prepare.isPending}
          onClose={() => setWarning(false)}
          footer={
            <>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setWarning(false)}
                disabled={prepare.isPending}
                data-autofocus
              >
                Cancel
              </button>
              <button
                type="button"
                className="btn btn-primary"
                onClick={download}
                disabled={prepare.isPending}
              >
                {prepare.isPending ? 'Preparing ...' : `Download ${model.fileName}`}
              </button>
            </>
          }
        >
          <p>
            <strong>Loading this file onto the oven replaces all of its recipes and settings</strong> (every
            screen, button and warm-up profile) with those of {oven.name} in Hearth.
          </p>
          <p>
            Keep the file's name exactly <strong>{model.fileName}</strong>: the oven reads the file by that
            name. If your computer adds a number or another extension to it, rename it back before copying it
            to the USB stick.
          </p>
        </Modal>
      ) : null}
    </section>
  );
}

const SHARE = {
  settings: {
    title: "Share Oven's Settings",
    text: 'E-mail the settings file, to load onto an oven of the same model.',
    subject: 'settings',
    sent: (name: string) => `The settings of ${name}`,
  },
  recipes: {
    title: "Share Oven's Menu as PDF",
    text: 'E-mail a PDF of every screen as the oven shows it, with each recipe and its stages.',
    subject: 'recipes',
    sent: (name: string) => `The menu of ${name}`,
  },
} as const;

/** One share tile: an address, checked as the server checks it, and Send. */
function ShareTile({ oven, kind }: { oven: OvenDetail; kind: ShareKind }) {
  const copy = SHARE[kind];
  const banners = useBanners();
  const share = useShareOven();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const check = shareRequest.safeParse({ email });
  const error = touched && !check.success ? check.error.issues[0]?.message : undefined;
  const id = `share-${kind}`;

  const send = async () => {
    setTouched(true);
    if (!check.success) return;
    const to = check.data.email;
    try {
      await share.mutateAsync({ kind, ovenId: oven.id, email: to });
      banners.show({
        tone: 'success',
        who: copy.sent(oven.name),
        description: `have been sent to ${to}`,
        ms: TIMINGS.banner.oven,
      });
      setEmail('');
      setTouched(false);
    } catch (e) {
      banners.failure(oven.name, `There was an error while sending the ${copy.subject} email`, e);
    }
  };

  return (
    <form
      className="card tile-card share-tile"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <h2 id={`${id}-title`}>{copy.title}</h2>
      <p className="muted">{copy.text}</p>
      <label className="field" htmlFor={`${id}-email`}>
        <span>E-mail address</span>
        <input
          id={`${id}-email`}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(email.trim() !== '')}
        />
      </label>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-secondary" disabled={share.isPending}>
        {share.isPending ? 'Sending ...' : 'Send'}
      </button>
    </form>
  );
}

/**
 * 'What is this oven running?': the file copied off the oven's USB port, recognised as a version Hearth handed
 * out (and when), or compared with the latest version; Hearth records it as what the oven runs.
 */
function CheckFileTile({ oven }: { oven: OvenDetail }) {
  const model = ovenModel(oven.type as OvenType);
  const check = useCheckOvenFile();
  const result = check.data;
  return (
    <div className="card tile-card">
      <h2>What is this oven running?</h2>
      <p className="muted">
        Copy <strong>{model.fileName}</strong> off the oven onto a USB stick and choose it here: Hearth tells
        you which version it is.
      </p>
      <label className="btn btn-secondary file-button">
        Choose the file from the oven
        <input
          type="file"
          className="sr-only"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) check.mutate({ ovenId: oven.id, data: await file.text() });
          }}
        />
      </label>
      {check.isPending ? <p className="muted">Checking ...</p> : null}
      {check.isError ? <Alert tone="error">This file could not be read: {check.error.message}</Alert> : null}
      {result ? (
        <div className="check-result">
          <Alert tone={result.recognized ? 'success' : 'info'}>{result.message}</Alert>
          {result.lines.length > 0 ? (
            <ul className="change-list" aria-label="How the file differs">
              {result.lines.slice(0, 20).map((l) => (
                <li key={l.message}>{l.message}</li>
              ))}
              {result.lines.length > 20 ? <li>… and {result.lines.length - 20} more.</li> : null}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
