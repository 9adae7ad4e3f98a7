import { useTranslation } from 'react-i18next';
import type { JobProgress } from '../lib/jobs';

/**
 * How far a job the server runs has come ("37 of 120 ovens"), as a bar a screen reader also hears; before the
 * first answer (or while the job waits for its turn) it says so instead of showing an empty bar.
 */
export function JobProgressBar({
  progress,
  unit,
}: {
  progress: JobProgress | null;
  unit: 'oven' | 'recipe' | 'row';
}) {
  const { t } = useTranslation();
  const started = progress !== null && progress.done > 0;
  const label = !started
    ? t('jobs.waiting')
    : t(`jobs.${unit}`, { done: progress.done, count: progress.total });
  return (
    <div className="job-progress" role="status" aria-live="polite">
      <progress max={progress?.total || 1} value={started ? progress.done : undefined} aria-label={label} />
      <span>{label}</span>
    </div>
  );
}
