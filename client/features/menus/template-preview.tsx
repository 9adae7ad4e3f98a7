import { useQuery } from '@tanstack/react-query';
import type { PreviewTemplateRequest, TemplatePreviewOven } from '../../../shared/contracts/menus';
import { countOf } from '../../../shared/domain/words';
import { Alert, Spinner } from '../../components/form';
import { templatePreviewQuery } from './menus-api';

const OUTCOME_LABELS: Record<TemplatePreviewOven['outcome'], string> = {
  changes: 'Changes',
  matches: 'Already matches',
  skipped: 'Skipped',
  not_compared: 'Replaced',
};

/**
 * Before a template replaces menus: each oven with what changes on it (in the menu's words), the ovens that already
 * match it, and those skipped for another model.
 */
export function TemplateApplyPreview({
  templateId,
  target,
}: {
  templateId: number;
  target: PreviewTemplateRequest;
}) {
  const preview = useQuery(templatePreviewQuery(templateId, target));
  if (preview.isPending) return <Spinner label="Comparing each oven's menu with the template ..." />;
  if (preview.isError) return <Alert tone="error">{preview.error.message}</Alert>;
  const p = preview.data;
  const rest = p.ovens.filter((o) => o.outcome === 'not_compared').length;
  const summary = [
    p.changes ? `${countOf(p.changes, 'oven')} will change` : '',
    p.matches ? `${countOf(p.matches, 'oven')} already ${p.matches === 1 ? 'matches' : 'match'}` : '',
    p.skipped ? `${countOf(p.skipped, 'oven')} skipped (another model)` : '',
    rest ? `${countOf(rest, 'more oven')} replaced without a comparison` : '',
  ].filter(Boolean);
  return (
    <section className="apply-preview" aria-label="What changes on each oven">
      <p>
        <strong>{summary.join(', ')}.</strong>
      </p>
      <ul className="apply-preview-list">
        {p.ovens.map((o) => (
          <li key={o.id}>
            <span className={`fleet-status preview-${o.outcome}`}>{OUTCOME_LABELS[o.outcome]}</span>{' '}
            <strong className="preview-name">{o.name}</strong>
            {o.location ? (
              <span className="muted">
                {' '}
                · <bdi>{o.location.name}</bdi>
              </span>
            ) : null}
            {o.message ? <span className="muted"> · {o.message}</span> : null}
            {o.lines.length > 0 ? (
              <details className="match-lines">
                <summary>{countOf(o.lines.length, 'change')}</summary>
                <ul>
                  {o.lines.map((l, i) => (
                    <li key={i} className={`diff-${l.kind}`}>
                      {l.message}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      {rest > 0 ? (
        <p className="muted small">
          The first {p.compared} ovens were compared button by button; the others get the same menu.
        </p>
      ) : null}
    </section>
  );
}
