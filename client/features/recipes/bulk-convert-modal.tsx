import { useState } from 'react';
import type { ConvertResult } from '../../../shared/contracts/recipes';
import { messageInUnit } from '../../../shared/domain/temperature';
import { countOf, nounFor } from '../../../shared/domain/words';
import { Alert } from '../../components/form';
import { Modal } from '../../components/modal';
import { OvenTypeChoices } from '../../components/oven-type-choices';
import { useTemperatureUnit } from '../../lib/current-user';
import { useConvertRecipes } from './recipes-api';

/** What was left out, and why, in a sentence (empty when nothing was). */
function skippedText(result: ConvertResult, target: string): string {
  const names = (reason: string) => result.skipped.filter((s) => s.reason === reason).map((s) => s.name);
  const same = names('same_model');
  const again = names('already_converted');
  return [
    same.length ? ` Already for the ${target}: ${same.join(', ')}.` : '',
    again.length
      ? ` Left out, as My Recipes already has a ${target} recipe of the same name: ${again.join(', ')}.`
      : '',
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
      Done
    </button>
  ) : (
    <>
      <button type="button" className="btn btn-secondary" onClick={onClose} disabled={convert.isPending}>
        Cancel
      </button>
      <button type="button" className="btn btn-primary" disabled={!target || convert.isPending} onClick={run}>
        {convert.isPending ? 'Converting ...' : `Convert ${countOf(ids.length, 'recipe')}`}
      </button>
    </>
  );

  return (
    <Modal
      title="Convert the selected recipes"
      onClose={onClose}
      footer={footer}
      size="lg"
      busy={convert.isPending}
    >
      {result ? (
        <>
          <Alert tone="success">
            {result.data.length} recipe{result.data.length === 1 ? ' was' : 's were'} converted to {target}{' '}
            and saved in My Recipes.
            {skippedText(result, target)}
          </Alert>
          <ul className="convert-summary">
            {result.data.map((r) => (
              <li key={r.id} className="convert-item">
                {r.changes.length <= 1 ? (
                  <p>
                    <strong>{r.name}</strong> fits the {target} as it is.
                  </p>
                ) : (
                  <details>
                    <summary>
                      <strong>{r.name}</strong>
                      {` · ${r.changes.length - 1} change${r.changes.length === 2 ? '' : 's'}`}
                    </summary>
                    <ul className="change-list">
                      {r.changes
                        .filter((c) => c.field !== 'oven_type')
                        .map((c) => (
                          <li key={c.field}>{messageInUnit(c.message, unit)}</li>
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
          <p className="muted">
            Each of the {ids.length} selected {nounFor(ids.length, 'recipe')} gets a copy for the oven you
            choose; the originals stay as they are. Recipes already for that oven are left out.
          </p>
          <OvenTypeChoices value={target} onChange={(m) => setTarget(m.type)} legend="Convert to" />
          {convert.isError ? (
            <Alert tone="error">Nothing was converted: {convert.error.message}</Alert>
          ) : null}
        </>
      )}
    </Modal>
  );
}
