import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { textOf } from '../lib/i18n';
import { TIMINGS } from '../lib/timings';

/** Spec §8: a banner has three lines (who, description, what) and hides itself after the spec's time. */
export interface BannerInput {
  tone: 'success' | 'error';
  who: string;
  description: string;
  what?: string;
  ms: number;
}
interface Banner extends BannerInput {
  id: number;
}

interface Banners {
  show(b: BannerInput): void;
  /** A success banner for the usual time (or `ms`). */
  success(who: string, description: string, ms?: number): void;
  /** An error banner whose third line is the error's own message. */
  failure(who: string, description: string, error: unknown): void;
}

const BannerContext = createContext<Banners | null>(null);

export function BannerProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [banners, setBanners] = useState<Banner[]>([]);
  const seq = useRef(0);
  const dismiss = useCallback((id: number) => setBanners((list) => list.filter((b) => b.id !== id)), []);
  const show = useCallback(
    (input: BannerInput) => {
      const id = ++seq.current;
      // The same banner again (a button tapped twice) takes the place of the one standing, its time restarted:
      // banners never stack up copies of one message.
      const same = (b: Banner) =>
        b.tone === input.tone &&
        b.who === input.who &&
        b.description === input.description &&
        b.what === input.what;
      setBanners((list) => [...list.filter((b) => !same(b)), { ...input, id }]);
      window.setTimeout(() => dismiss(id), input.ms);
    },
    [dismiss],
  );
  // A success said is a success read: the next tap anywhere puts it away, so it never stands over what the user
  // reaches for next. A tap on the banner itself is taken by its click (gone at pointerdown, it would let the tap
  // fall through to what lies beneath). An error stays its time, or until closed.
  const succeeded = banners.some((b) => b.tone === 'success');
  const dismissSuccesses = useCallback(
    () => setBanners((list) => list.filter((b) => b.tone !== 'success')),
    [],
  );
  useEffect(() => {
    if (!succeeded) return;
    const away = (e: PointerEvent) => {
      if (e.target instanceof Element && e.target.closest('.banners')) return;
      dismissSuccesses();
    };
    document.addEventListener('pointerdown', away, true);
    return () => document.removeEventListener('pointerdown', away, true);
  }, [succeeded, dismissSuccesses]);
  const value = useMemo<Banners>(
    () => ({
      show,
      success: (who, description, ms = TIMINGS.banner.success) =>
        show({ tone: 'success', who, description, ms }),
      failure: (who, description, error) =>
        show({
          tone: 'error',
          who,
          description,
          what: error instanceof Error ? textOf(error) : undefined,
          ms: TIMINGS.banner.error,
        }),
    }),
    [show],
  );
  return (
    <BannerContext.Provider value={value}>
      {children}
      <div className="banners" aria-live="polite">
        {banners.map((b) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: a tap that puts a success away; the keyboard has the close button
          // biome-ignore lint/a11y/noStaticElementInteractions: the same tap; the banner stays a status for screen readers
          <div
            key={b.id}
            className={`banner banner-${b.tone}`}
            role={b.tone === 'error' ? 'alert' : 'status'}
            onClick={b.tone === 'success' ? () => dismiss(b.id) : undefined}
          >
            <div className="banner-lines">
              <strong className="banner-who">{b.who}</strong>
              <span className="banner-description">{b.description}</span>
              {b.what ? <span className="banner-what">{b.what}</span> : null}
            </div>
            <button
              type="button"
              className="banner-close"
              aria-label={t('common.dismiss')}
              onClick={() => dismiss(b.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </BannerContext.Provider>
  );
}

export function useBanners() {
  const ctx = useContext(BannerContext);
  if (!ctx) throw new Error('useBanners needs a BannerProvider');
  return ctx;
}
