import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '../../lib/timings';

/** Spec §1/§9: five messages, one every 5 s; the dots let a user jump without waiting. */
export const CAROUSEL_MESSAGES = [
  { title: 'carousel.menuTitle', body: 'carousel.menuBody' },
  { title: 'carousel.libraryTitle', body: 'carousel.libraryBody' },
  { title: 'carousel.importTitle', body: 'carousel.importBody' },
  { title: 'carousel.downloadTitle', body: 'carousel.downloadBody' },
  { title: 'carousel.shareTitle', body: 'carousel.shareBody' },
] as const;

export function LoginCarousel() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  // The first message is there with the page; only a change fades in (a fade at load would hold back the page's
  // largest paint by its length).
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    const id = window.setInterval(() => {
      setMoved(true);
      setIndex((i) => (i + 1) % CAROUSEL_MESSAGES.length);
    }, TIMINGS.carouselMs);
    return () => window.clearInterval(id);
  }, []);
  const message = CAROUSEL_MESSAGES[index]!;
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={t('carousel.label')}>
      <div
        className={moved ? 'carousel-slide carousel-slide-in' : 'carousel-slide'}
        aria-live="polite"
        data-index={index}
        key={index}
      >
        <h2>{t(message.title)}</h2>
        <p>{t(message.body)}</p>
      </div>
      <div className="carousel-dots">
        {CAROUSEL_MESSAGES.map((m, i) => (
          <button
            key={m.title}
            type="button"
            className={`dot ${i === index ? 'dot-active' : ''}`}
            aria-label={t('carousel.show', { n: i + 1, title: t(m.title) })}
            aria-current={i === index}
            onClick={() => {
              setMoved(true);
              setIndex(i);
            }}
          />
        ))}
      </div>
    </section>
  );
}
