import { useEffect, useState } from 'react';
import { TIMINGS } from '../../lib/timings';

/** Spec §1/§9: five messages, one every 5 s; the dots let a user jump without waiting. */
export const CAROUSEL_MESSAGES = [
  {
    title: 'Your menu, on every oven',
    body: "Lay out each oven's touch screen on a tablet and see exactly what the cook will see.",
  },
  {
    title: 'Recipes from our chefs',
    body: 'Start from the provider library and make each recipe your own in a few taps.',
  },
  {
    title: 'Import what is on the oven',
    body: 'Copy the settings file off the oven by USB and bring every recipe into Hearth.',
  },
  {
    title: 'Back to the oven, safely',
    body: 'Download checked settings for the USB port: every rule is verified before it leaves.',
  },
  {
    title: 'Share with your team',
    body: "E-mail an oven's settings or its menu as a PDF to every kitchen in your chain.",
  },
];

export function LoginCarousel() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const id = window.setInterval(
      () => setIndex((i) => (i + 1) % CAROUSEL_MESSAGES.length),
      TIMINGS.carouselMs,
    );
    return () => window.clearInterval(id);
  }, []);
  const message = CAROUSEL_MESSAGES[index]!;
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label="What Hearth does">
      <div className="carousel-slide" aria-live="polite" data-index={index} key={index}>
        <h2>{message.title}</h2>
        <p>{message.body}</p>
      </div>
      <div className="carousel-dots">
        {CAROUSEL_MESSAGES.map((m, i) => (
          <button
            key={m.title}
            type="button"
            className={`dot ${i === index ? 'dot-active' : ''}`}
            aria-label={`Show message ${i + 1}: ${m.title}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}
