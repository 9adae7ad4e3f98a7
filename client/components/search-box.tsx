/**
 * Every search box of the app: labelled for a screen reader, as tall as a finger, and Enter never submits the
 * form it sits in (it applies the search at once where the caller asks).
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
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  onEnter?(): void;
  onBlur?(): void;
  className?: string;
  /** In a dialog, the search is where a long list starts. */
  autoFocus?: boolean;
}) {
  return (
    <label className={className ? `search-box ${className}` : 'search-box'}>
      <span className="sr-only">{label}</span>
      <input
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
        {...(autoFocus ? { 'data-autofocus': true } : {})}
      />
    </label>
  );
}
