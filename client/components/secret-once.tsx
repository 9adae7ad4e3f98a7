import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** What the panel says, in the words of the feature that shows it. */
export interface SecretWords {
  title: string;
  label: string;
  warning: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
}

/**
 * A secret the server answers once (an API token, a webhook's signing secret), read-only with a Copy button, until
 * the person says they have it: the list never shows it again. Focus comes here, so a screen reader reads the
 * warning with the field.
 */
export function SecretOnce({
  secret,
  words,
  onDone,
  children,
}: {
  secret: string;
  words: SecretWords;
  onDone(): void;
  children?: ReactNode;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  const copyIt = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
      return;
    } catch {
      // No clipboard (an address without TLS on the shop's network) or no permission: the old way below.
    }
    field.current?.select();
    setCopy(document.execCommand?.('copy') ? 'copied' : 'failed');
  };

  return (
    <section className="secret-once" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{words.title}</h3>
      {children}
      <p id={`${id}-warning`} className="secret-warning">
        {words.warning}
      </p>
      <div className="field">
        <label htmlFor={`${id}-value`}>{words.label}</label>
        <div className="secret-row">
          <input
            ref={field}
            id={`${id}-value`}
            className="secret-value"
            value={secret}
            readOnly
            spellCheck={false}
            autoComplete="off"
            aria-describedby={`${id}-warning`}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className="btn btn-primary" onClick={() => void copyIt()}>
            {words.copy}
          </button>
        </div>
        <p className={copy === 'failed' ? 'field-error' : 'secret-copied'} role="status">
          {copy === 'copied' ? words.copied : copy === 'failed' ? words.copyFailed : ''}
        </p>
      </div>
      <button type="button" className="btn btn-secondary" onClick={onDone}>
        {words.done}
      </button>
    </section>
  );
}
