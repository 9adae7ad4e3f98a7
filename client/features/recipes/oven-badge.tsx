import { findOvenModel } from '../../../shared/domain/oven-models';

/** The short model badge of spec §1 (CO, MB, 360, MiLO, S, MiSA); `decorative` when the full name is written beside it. */
export function OvenBadge({ type, decorative = false }: { type: string; decorative?: boolean }) {
  const model = findOvenModel(type);
  return (
    <span
      className={`oven-badge oven-badge-${model?.key ?? 'unknown'}`}
      title={type}
      aria-hidden={decorative || undefined}
    >
      <span aria-hidden="true">{model?.badge ?? '?'}</span>
      {decorative ? null : <span className="sr-only">{type}</span>}
    </span>
  );
}
