import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConvertResult } from '../../../shared/contracts/recipes';
import { Alert } from '../../components/form';
import { Modal } from '../../components/modal';
import { OvenTypeChoices } from '../../components/oven-type-choices';
import { useTemperatureUnit } from '../../lib/current-user';
import { i18n, MarkedText, textOf } from '../../lib/i18n';
import { useConvertRecipes } from './recipes-api';

/** What was left out, and why, in a sentence (empty when nothing was). */
function skippedText(result: ConvertResult, target: string): string {
  const names = (reason: string) => result.skipped.filter((s) => s.reason === reason).map((s) => s.name);
  const same = names('same_model');
  const again = names('already_converted');
  return [
    same.length ? ` ${i18n.t('convert.alreadyFor', { type: target, names: same.join(', ') })}` : '',
    again.length ? ` ${i18n.t('convert.leftOut', { type: target, names: again.join(', ') })}` : '',
  ].join('');
}

/**
 * The selected recipes converted to one oven model at once, as new recipes in My Recipes (all or none), then a
 * summary: how many were made, which were already for that model, and each one's changes.
 */
export function BulkConvertModal({
  ids,
  onClose,
  onDone,
}: {
  ids: number[];
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const unit = useTemperatureUnit();
  const [target, setTarget] = useState('');
  const [result, setResult] = useState<ConvertResult | null>(null);
  const convert = useConvertRecipes();

  const run = async () => {
    setResult(await convert.mutateAsync({ ids, oven_type: target }));
    onDone();
  };

  const footer = result ? (
    <button type="button" className="btn btn-primary" onClick={onClose}>
      {t('convert.done')}
    </button>
  ) : (
    <>
      <button type="button" className="btn btn-secondary" onClick={onClose} disabled={convert.isPending}>
        {t('common.cancel')}
      </button>
      <button type="button" className="btn btn-primary" disabled={!target || convert.isPending} onClick={run}>
        {convert.isPending ? t('convert.converting') : t('convert.convertN', { count: ids.length })}
      </button>
    </>
  );

  return (
    <Modal
      title={t('convert.bulkTitle')}
      onClose={onClose}
      footer={footer}
      size="lg"
      busy={convert.isPending}
    >
      {result ? (
        <>
          <Alert tone="success">
            {t('convert.bulkDone', { count: result.data.length, type: target })}
            {skippedText(result, target)}
          </Alert>
          <ul className="convert-summary">
            {result.data.map((r) => (
              <li key={r.id} className="convert-item">
                {r.changes.length <= 1 ? (
                  <p>
                    <MarkedText
                      i18nKey="convert.fits"
                      values={{ name: r.name, type: target }}
                      components={{ strong: <strong /> }}
                    />
                  </p>
                ) : (
                  <details>
                    <summary>
                      <strong>{r.name}</strong>
                      {t('convert.changes', { count: r.changes.length - 1 })}
                    </summary>
                    <ul className="change-list">
                      {r.changes
                        .filter((c) => c.field !== 'oven_type')
                        .map((c) => (
                          <li key={c.field}>{textOf(c, unit)}</li>
                        ))}
                    </ul>
                  </details>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p className="muted">{t('convert.bulkIntro', { count: ids.length })}</p>
          <OvenTypeChoices value={target} onChange={(m) => setTarget(m.type)} legend={t('convert.to')} />
          {convert.isError ? (
            <Alert tone="error">{t('convert.nothingConverted', { message: textOf(convert.error) })}</Alert>
          ) : null}
        </>
      )}
    </Modal>
  );
}
