import { useState } from 'react';
import { iconUrl } from '../../../shared/domain/icons';

export const EMPTY_IMAGE = '/images/empty.jpeg';

/** The photo if there is one, else the recipe's icon; if either fails to load, the placeholder (spec §2.5). */
export function RecipeImage({
  imageUrl,
  icon,
  alt,
  className,
}: {
  imageUrl: string | null;
  icon: string;
  alt: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const src = failed ? EMPTY_IMAGE : (imageUrl ?? iconUrl(icon));
  return (
    <img
      className={`${className ?? ''} ${!imageUrl && !failed ? 'is-icon' : ''}`}
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
