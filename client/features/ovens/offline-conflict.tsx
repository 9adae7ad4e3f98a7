import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { menuFromWire } from '../../../shared/contracts/menu-wire';
import type { OvenDetail } from '../../../shared/contracts/ovens';
import { diffMenus } from '../../../shared/domain/menu';
import type { OvenType } from '../../../shared/domain/oven-models';
import { say, textOf } from '../../lib/i18n';
import { offlineChanges } from './offline-changes';
import { useSender, useWaitingChanges } from './offline-sync';
import { withWaitingChanges } from './ovens-api';

/**
 * An oven whose waiting changes stopped: the menu on Hearth changed meanwhile, or Hearth refused one. Both menus
 * can be seen (the editor shows either), what differs is listed, and the person chooses; nothing is overwritten
 * unseen.
 */
export function OfflineConflict({
  oven,
  showing,
  onShow,
}: {
  oven: OvenDetail;
  showing: 'mine' | 'theirs';
  onShow(which: 'mine' | 'theirs'): void;
}) {
  const { t } = useTranslation();
  const { waiting, trouble, sending } = useWaitingChanges();
  const sender = useSender();
  const mine = waiting.get(oven.id);
  const problem = trouble.get(oven.id);
  const theirs = problem && problem.kind !== 'gone' ? problem.theirs : null;
  // What "put mine on top" does to the menu on Hearth: their menu, then each waiting change applied to it.
  const changes = waiting.get(oven.id)?.changes;
  const lines = useMemo(() => {
    if (!theirs || !changes) return [];
    const now = menuFromWire(theirs.screens, theirs.type);
    const onTop = withWaitingChanges(now, theirs.type as OvenType, changes);
    return diffMenus({ tree: now, recipes: {} }, { tree: onTop, recipes: {} }).lines;
  }, [theirs, changes]);
  if (!problem || !mine) return null;
  const n = mine.changes.length;
  const choose = (work: () => Promise<void>) => {
    onShow('mine');
    void work();
  };

  return (
    <section className="card offline-conflict" role="alert" aria-labelledby="offline-conflict-title">
      <h2 id="offline-conflict-title">
        {problem.kind === 'conflict'
          ? t('offline.conflictTitle', { oven: oven.name })
          : problem.kind === 'refused'
            ? t('offline.refusedTitle', { oven: oven.name })
            : t('offline.goneTitle', { oven: oven.name })}
      </h2>
      {problem.kind === 'conflict' ? (
        <p>
          {t('offline.conflictBody', {
            count: n,
            who: theirs?.last_change?.by ?? t('offline.someone'),
          })}
        </p>
      ) : problem.kind === 'refused' ? (
        <p>
          {t('offline.refusedBody', { count: n })} <strong>{textOf(problem.error)}</strong>
        </p>
      ) : (
        <p>{t('offline.goneBody', { count: n })}</p>
      )}
      {theirs ? (
        <fieldset className="menu-switch" aria-label={t('offline.whichMenu')}>
          <button
            type="button"
            className={showing === 'mine' ? 'btn btn-secondary is-on' : 'btn btn-secondary'}
            aria-pressed={showing === 'mine'}
            onClick={() => onShow('mine')}
          >
            {t('offline.showMine', { count: n })}
          </button>
          <button
            type="button"
            className={showing === 'theirs' ? 'btn btn-secondary is-on' : 'btn btn-secondary'}
            aria-pressed={showing === 'theirs'}
            onClick={() => onShow('theirs')}
          >
            {t('offline.showTheirs')}
          </button>
        </fieldset>
      ) : null}
      {lines.length > 0 ? (
        <>
          <p className="muted">{t('offline.differs')}</p>
          <ul className="offline-diff">
            {lines.slice(0, 12).map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines are a fixed list, drawn once
              <li key={i}>{say(line.said)}</li>
            ))}
            {lines.length > 12 ? <li>{t('offline.moreLines', { count: lines.length - 12 })}</li> : null}
          </ul>
        </>
      ) : null}
      <div className="offline-conflict-actions">
        {theirs ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={sending}
            onClick={() => choose(() => offlineChanges.rebase(oven.id, sender))}
          >
            {problem.kind === 'refused' ? t('offline.skipAndSend') : t('offline.putMineOnTop', { count: n })}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-secondary"
          disabled={sending}
          onClick={() => choose(() => offlineChanges.discard(oven.id, sender))}
        >
          {theirs ? t('offline.keepTheirs') : t('offline.discardMine', { count: n })}
        </button>
      </div>
    </section>
  );
}
