import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

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

const BannerContext = createContext<{ show(b: BannerInput): void } | null>(null);

export function BannerProvider({ children }: { children: ReactNode }) {
  const [banners, setBanners] = useState<Banner[]>([]);
  const seq = useRef(0);
  const dismiss = useCallback((id: number) => setBanners((list) => list.filter((b) => b.id !== id)), []);
  const show = useCallback(
    (input: BannerInput) => {
      const id = ++seq.current;
      setBanners((list) => [...list, { ...input, id }]);
      window.setTimeout(() => dismiss(id), input.ms);
    },
    [dismiss],
  );
  const value = useMemo(() => ({ show }), [show]);
  return (
    <BannerContext.Provider value={value}>
      {children}
      <div className="banners" aria-live="polite">
        {banners.map((b) => (
          <div
            key={b.id}
            className={`banner banner-${b.tone}`}
            role={b.tone === 'error' ? 'alert' : 'status'}
          >
            <div className="banner-lines">
              <strong className="banner-who">{b.who}</strong>
              <span className="banner-description">{b.description}</span>
              {b.what ? <span className="banner-what">{b.what}</span> : null}
            </div>
            <button type="button" className="banner-close" aria-label="Dismiss" onClick={() => dismiss(b.id)}>
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
