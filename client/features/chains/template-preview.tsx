import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PreviewTemplateRequest, TemplatePreviewOven } from '../../../shared/contracts/chains';
import { Alert, Spinner } from '../../components/form';
import { textOf } from '../../lib/i18n';
import { templatePreviewQuery } from './chains-api';

const OUTCOME_KEYS = {
  changes: 'templatesPage.outcome.changes',
  matches: 'templatesPage.outcome.matches',
  skipped: 'templatesPage.outcome.skipped',
  not_compared: 'templatesPage.outcome.notCompared',
} as const satisfies Record<TemplatePreviewOven['outcome'], string>;

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
  const { t } = useTranslation();
  const preview = useQuery(templatePreviewQuery(templateId, target));
  if (preview.isPending) return <Spinner label={t('templatesPage.comparing')} />;
  if (preview.isError) return <Alert tone="error">{textOf(preview.error)}</Alert>;
  const outcome = (o: TemplatePreviewOven['outcome']) => t(OUTCOME_KEYS[o]);
  const p = preview.data;
  const rest = p.ovens.filter((o) => o.outcome === 'not_compared').length;
  const summary = [
    p.changes ? t('templatesPage.willChange', { count: p.changes }) : '',
    p.matches ? t('templatesPage.alreadyMatch', { count: p.matches }) : '',
    p.skipped ? t('templatesPage.skippedModel', { count: p.skipped }) : '',
    rest ? t('templatesPage.replacedUncompared', { count: rest }) : '',
  ].filter(Boolean);
  return (
    <section className="apply-preview" aria-label={t('templatesPage.previewLabel')}>
      <p>
        <strong>{summary.join(', ')}.</strong>
      </p>
      <ul className="apply-preview-list">
        {p.ovens.map((o) => (
          <li key={o.id}>
            <span className={`fleet-status preview-${o.outcome}`}>{outcome(o.outcome)}</span>{' '}
            <strong className="preview-name">{o.name}</strong>
            {o.location ? (
              <span className="muted">
                {' '}
                · <bdi>{o.location.name}</bdi>
              </span>
            ) : null}
            {o.message ? <span className="muted"> · {textOf(o)}</span> : null}
            {o.lines.length > 0 ? (
              <details className="match-lines">
                <summary>{t('templatesPage.changes', { count: o.lines.length })}</summary>
                <ul>
                  {o.lines.map((l, i) => (
                    <li key={i} className={`diff-${l.kind}`}>
                      {textOf(l)}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      {rest > 0 ? (
        <p className="muted small">{t('templatesPage.comparedFirst', { compared: p.compared })}</p>
      ) : null}
    </section>
  );
}
