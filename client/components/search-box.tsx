import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { pointsFinely } from '../lib/pointer';

/**
 * Every search box of the app: labelled for a screen reader, as tall as a finger, with a clear button a finger can
 * hit (the browser's own is a few pixels), and Enter never submits the form it sits in (it applies the search at
 * once where the caller asks).
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  onEnter,
  onBlur,
  className,
  autoFocus,
  showLabel,
}: {
  label: string;
  /** The label shown above the box, as a toolbar's selects show theirs (otherwise read by screen readers only). */
  showLabel?: boolean;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  onEnter?(): void;
  onBlur?(): void;
  className?: string;
  /**
   * In a dialog, the search is where a long list starts: it takes the focus when it appears (after the list has
   * loaded, too), but only with a mouse and keyboard; on a touch screen focus would open the on-screen keyboard
   * over the list.
   */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const focusFirst = autoFocus === true && pointsFinely();
  useEffect(() => {
    if (!focusFirst) return;
    // Appearing after its dialog (which focused its first button meanwhile), it takes the focus unless the user
    // is already typing somewhere.
    const active = document.activeElement;
    if (!(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement))
      input.current?.focus();
  }, [focusFirst]);
  return (
    <label className={className ? `search-box ${className}` : 'search-box'}>
      <span className={showLabel ? 'search-box-label' : 'sr-only'}>{label}</span>
      <span className="search-box-field">
        <input
          ref={input}
          type="search"
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            onEnter?.();
          }}
          {...(focusFirst ? { 'data-autofocus': true } : {})}
        />
        {value !== '' ? (
          <button
            type="button"
            className="search-clear"
            aria-label={t('common.clearSearch')}
            onClick={() => {
              onChange('');
              // Ready for the next search with a keyboard; on a touch screen the keyboard stays closed.
              if (pointsFinely()) input.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </span>
    </label>
  );
}
