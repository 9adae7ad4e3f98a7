import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OvenDetail } from '../../../shared/contracts/ovens';
import type { CheckFileResult, ShareKind, shareRequest } from '../../../shared/contracts/settings-files';
import { type OvenType, ovenModel } from '../../../shared/domain/oven-models';
import { can } from '../../../shared/domain/permissions';
import { useBanners } from '../../components/banners';
import { Alert } from '../../components/form';
import { Modal } from '../../components/modal';
import { NeedsConnection } from '../../components/needs-connection';
import { ApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { i18n, issueText, MarkedText, textOf } from '../../lib/i18n';
import { useOnline } from '../../lib/offline/online';
import { formatDay } from '../../lib/text';
import { TIMINGS } from '../../lib/timings';
import { lazySchema } from '../../lib/use-zod-form';
import { downloadOffline, OfflineFileError, useMenuRecipesKept } from './offline-download';
import {
  savePrepared,
  usbGuideHref,
  useCheckOvenFile,
  useDownloadMenuPdf,
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
  const { t } = useTranslation();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [building, setBuilding] = useState(false);
  useMenuRecipesKept(oven);

  // Offline (or the server out of reach), the file is built on the tablet from what it saw online.
  const buildHere = async () => {
    if (!user) return;
    setBuilding(true);
    try {
      const file = await downloadOffline(queryClient, oven, user.id);
      banners.success(file, t('offline.builtOffline'));
    } catch (error) {
      banners.failure(
        oven.name,
        t('tiles.downloadFailed', { name: oven.name }),
        error instanceof OfflineFileError ? new Error(t('offline.recipesNotSeen')) : error,
      );
    } finally {
      setBuilding(false);
      setWarning(false);
    }
  };
  const download = async () => {
    if (!online) return buildHere();
    try {
      const prepared = await prepare.mutateAsync(oven.id);
      setWarning(false);
      await savePrepared(prepared);
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) return buildHere();
      setWarning(false);
      banners.failure(oven.name, t('tiles.downloadFailed', { name: oven.name }), error);
    }
  };
  const busy = prepare.isPending || building;

  return (
    <section className="oven-tiles" aria-label={t('tiles.region')}>
      <div className="card tile-card">
        <h2>{t('tiles.loadTitle')}</h2>
        <p className="muted">
          <MarkedText
            i18nKey="tiles.loadBody"
            values={{ file: model.fileName }}
            components={{ b: <strong /> }}
          />
        </p>
        <button type="button" className="btn btn-primary" onClick={() => setWarning(true)}>
          {t('tiles.download')}
        </button>
        <ul className="guide-links">
          {(['rcp', 'ai2'] as const).map((family) => (
            <li key={family} className={family === model.family ? 'guide-link-current' : undefined}>
              <a href={usbGuideHref(family, i18n.language)} target="_blank" rel="noopener">
                {t('tiles.pdfSuffix', { label: t(family === 'rcp' ? 'tiles.guideRcp' : 'tiles.guideAi2') })}
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
      ) : (
        <div className="card tile-card">
          <h2>{t('tiles.menuPdfTitle')}</h2>
          <p className="muted">{t('tiles.menuPdfText')}</p>
          <MenuPdfButton oven={oven} />
        </div>
      )}

      {warning ? (
        <Modal
          title={t('tiles.download')}
          size="sm"
          busy={busy}
          onClose={() => setWarning(false)}
          footer={
            <>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setWarning(false)}
                disabled={busy}
                data-autofocus
              >
                {t('tiles.cancel')}
              </button>
              <button type="button" className="btn btn-primary" onClick={download} disabled={busy}>
                {busy ? t('tiles.preparing') : t('tiles.downloadFile', { file: model.fileName })}
              </button>
            </>
          }
        >
          <p>
            <MarkedText
              i18nKey="tiles.warningReplace"
              values={{ name: oven.name }}
              components={{ b: <strong /> }}
            />
          </p>
          <p>
            <MarkedText
              i18nKey="tiles.warningName"
              values={{ file: model.fileName }}
              components={{ b: <strong /> }}
            />
          </p>
          {!online ? <Alert tone="info">{t('offline.builtOffline')}</Alert> : null}
        </Modal>
      ) : null}
    </section>
  );
}

const SHARE = {
  settings: {
    title: 'tiles.shareSettingsTitle',
    text: 'tiles.shareSettingsText',
    failed: 'tiles.shareSettingsFailed',
    sent: 'tiles.shareSettingsSent',
    sentTo: 'tiles.sentToSettings',
  },
  recipes: {
    title: 'tiles.shareMenuTitle',
    text: 'tiles.shareMenuText',
    failed: 'tiles.shareMenuFailed',
    sent: 'tiles.shareMenuSent',
    // The verb agrees with what was sent ("Los ajustes … se han enviado", "El menú … se ha enviado").
    sentTo: 'tiles.sentToMenu',
  },
} as const;

/**
 * The address's rules come when the field is first touched, not with the page: the contract they live in builds
 * its schemas as it loads, a noticeable moment on a slow tablet's first paint of My Ovens.
 */
const shareRules = lazySchema(() =>
  import('../../../shared/contracts/settings-files').then((m) => m.shareRequest),
);

/** One share tile: an address, checked as the server checks it, and Send. */
function ShareTile({ oven, kind }: { oven: OvenDetail; kind: ShareKind }) {
  const copy = SHARE[kind];
  const { t } = useTranslation();
  const online = useOnline();
  const banners = useBanners();
  const share = useShareOven();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [rules, setRules] = useState<typeof shareRequest | null>(null);
  const readRules = async () => {
    const loaded = await shareRules.load();
    setRules(() => loaded);
    return loaded;
  };
  const check = rules?.safeParse({ email });
  const error = touched && check && !check.success ? issueText(check.error.issues[0]) : undefined;
  const id = `share-${kind}`;

  const send = async () => {
    setTouched(true);
    let sent: ReturnType<typeof shareRequest.safeParse>;
    try {
      sent = (await readRules()).safeParse({ email });
    } catch (e) {
      banners.failure(oven.name, t(copy.failed), e);
      return;
    }
    if (!sent.success) return;
    const to = sent.data.email;
    try {
      await share.mutateAsync({ kind, ovenId: oven.id, email: to });
      banners.show({
        tone: 'success',
        who: t(copy.sent, { name: oven.name }),
        description: t(copy.sentTo, { to }),
        ms: TIMINGS.banner.oven,
      });
      setEmail('');
      setTouched(false);
    } catch (e) {
      banners.failure(oven.name, t(copy.failed), e);
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
      <h2 id={`${id}-title`}>{t(copy.title)}</h2>
      <p className="muted">{t(copy.text)}</p>
      <label className="field" htmlFor={`${id}-email`}>
        <span>{t('tiles.emailAddress')}</span>
        <input
          id={`${id}-email`}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onFocus={() => void readRules().catch(() => undefined)}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(email.trim() !== '')}
        />
      </label>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <div className="tile-buttons">
        <button type="submit" className="btn btn-secondary" disabled={share.isPending || !online}>
          {share.isPending ? t('tiles.sending') : t('tiles.send')}
        </button>
        {kind === 'recipes' ? <MenuPdfButton oven={oven} /> : null}
      </div>
      <NeedsConnection />
    </form>
  );
}

/** Saves the menu as the PDF a share would send: to print for the kitchen wall, or keep. */
function MenuPdfButton({ oven }: { oven: OvenDetail }) {
  const { t } = useTranslation();
  const banners = useBanners();
  const pdf = useDownloadMenuPdf();
  const online = useOnline();
  return (
    <button
      type="button"
      className="btn btn-secondary"
      disabled={pdf.isPending || !online}
      onClick={async () => {
        try {
          await pdf.mutateAsync(oven.id);
        } catch (e) {
          banners.failure(oven.name, t('tiles.menuPdfFailed'), e);
        }
      }}
    >
      {pdf.isPending ? t('tiles.menuPdfPreparing') : t('tiles.menuPdf')}
    </button>
  );
}

/**
 * What the check found, in the reader's language, from its parts (the API's `message` says the same in English):
 * a version Hearth handed out and when, or how far the file is from the latest version or the current menu.
 */
function checkSummary(result: CheckFileResult, t: TFunction): string {
  const name = result.version?.name ?? '';
  if (result.recognized)
    return result.version
      ? t('tiles.checkKnownVersion', { name, date: formatDay(result.downloaded_at!) })
      : t('tiles.checkKnownFile', { date: formatDay(result.downloaded_at!) });
  const count = result.lines.length;
  if (count === 0) return result.version ? t('tiles.checkSameLatest', { name }) : t('tiles.checkSameCurrent');
  return result.version
    ? t('tiles.checkDiffersLatest', { name, count })
    : t('tiles.checkDiffersCurrent', { count });
}

/**
 * 'What is this oven running?': the file copied off the oven's USB port, recognised as a version Hearth handed
 * out (and when), or compared with the latest version; Hearth records it as what the oven runs.
 */
function CheckFileTile({ oven }: { oven: OvenDetail }) {
  const model = ovenModel(oven.type as OvenType);
  const check = useCheckOvenFile();
  const result = check.data;
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div className="card tile-card">
      <h2>{t('tiles.checkTitle')}</h2>
      <p className="muted">
        <MarkedText
          i18nKey="tiles.checkBody"
          values={{ file: model.fileName }}
          components={{ b: <strong /> }}
        />
      </p>
      <label className={`btn btn-secondary file-button${online ? '' : ' is-disabled'}`}>
        {t('tiles.checkChoose')}
        <input
          type="file"
          className="sr-only"
          disabled={!online}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) check.mutate({ ovenId: oven.id, data: await file.text() });
          }}
        />
      </label>
      <NeedsConnection />
      {check.isPending ? <p className="muted">{t('tiles.checking')}</p> : null}
      {check.isError ? (
        <Alert tone="error">{t('tiles.checkFailed', { message: textOf(check.error) })}</Alert>
      ) : null}
      {result ? (
        <div className="check-result">
          <Alert tone={result.recognized ? 'success' : 'info'}>{checkSummary(result, t)}</Alert>
          {result.lines.length > 0 ? (
            <ul className="change-list" aria-label={t('tiles.differs')}>
              {result.lines.slice(0, 20).map((l) => (
                <li key={l.message}>{textOf(l)}</li>
              ))}
              {result.lines.length > 20 ? (
                <li>{t('tiles.andMore', { count: result.lines.length - 20 })}</li>
              ) : null}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
