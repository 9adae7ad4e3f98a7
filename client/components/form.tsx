import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoundField } from '../lib/use-zod-form';

interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'maxLength'> {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: ReactNode;
  /** The most characters the value may have: counted as it nears it, never cut (the rule says why it is refused). */
  max?: number;
}

/** Characters as a person counts them: an emoji or an accented letter typed as two code units is one. */
const lengthOf = (value: string) => [...value.trim()].length;

/**
 * How many characters a value has against its limit, shown once it is within a few of it: what a person typed or
 * pasted is never cut (no maxLength); past the limit the counter turns red and the field's rule says why.
 */
const counterShown = (value: string, max: number) =>
  lengthOf(value) >= Math.max(1, max - Math.max(4, Math.ceil(max / 5)));

export function FieldCounter({ value, max, id }: { value: string; max: number; id?: string }) {
  const { t } = useTranslation();
  const n = lengthOf(value);
  if (!counterShown(value, max)) return null;
  return (
    <span
      id={id}
      className={n > max ? 'field-counter field-counter-over' : 'field-counter'}
      aria-live="polite"
    >
      {n > max ? t('common.counterOver', { n, max, over: n - max }) : t('common.counter', { n, max })}
    </span>
  );
}

/** A labelled input whose error sits right under it, tied to it for screen readers. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  id,
  max,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [
    error ? `${inputId}-error` : '',
    hint ? `${inputId}-hint` : '',
    max !== undefined && counterShown(value, max) ? `${inputId}-count` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      {/* The required mark is drawn by CSS so it stays out of the label's text and accessible name. */}
      <label htmlFor={inputId} className={required ? 'label-required' : undefined}>
        {label}
      </label>
      <input
        id={inputId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        aria-required={required || undefined}
        {...rest}
      />
      {max !== undefined ? <FieldCounter value={value} max={max} id={`${inputId}-count`} /> : null}
      {hint ? (
        <p id={`${inputId}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  error,
  name,
}: {
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  error?: string;
  name: string;
}) {
  const id = useId();
  return (
    <div className={`field field-check${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="check">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Several choices ticked from a fixed list (a token's scopes, a webhook's events): the value is kept in the list's
 * order whatever order they were ticked in, and the group's problem is said under it.
 */
export function CheckGroup<T extends string>({
  id,
  legend,
  name,
  options,
  value,
  onChange,
  error,
  hint,
  children,
}: {
  id: string;
  legend: ReactNode;
  name: string;
  options: readonly T[];
  value: readonly T[];
  onChange(next: T[]): void;
  error?: string;
  hint?: ReactNode;
  /** How one option reads beside its box. */
  children(option: T): ReactNode;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset
      className={`fieldset check-group${error ? ' field-invalid' : ''}`}
      aria-describedby={described || undefined}
    >
      <legend className="label-required">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {options.map((option) => (
        <label key={option} className="check check-option">
          <input
            type="checkbox"
            className="check-option-box"
            name={name}
            value={option}
            checked={value.includes(option)}
            onChange={(e) =>
              onChange(options.filter((o) => (o === option ? e.target.checked : value.includes(o))))
            }
          />
          <span>{children(option)}</span>
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function Alert({ tone, children }: { tone: 'success' | 'error' | 'info'; children: ReactNode }) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}

type FieldProps = BoundField & Partial<Omit<TextFieldProps, keyof BoundField>>;

/** The e-mail input of every account form. */
export function EmailField(props: FieldProps) {
  const { t } = useTranslation();
  return <TextField label={t('fields.email')} type="email" autoComplete="email" required {...props} />;
}

/** The username input of every account form: usernames have no spaces, so none can be typed. */
export function UsernameField(props: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('fields.username')}
      autoComplete="username"
      autoCapitalize="none"
      required
      {...props}
      onChange={(v) => props.onChange(v.replace(/\s/g, ''))}
    />
  );
}

/** A new password and its confirmation, as the register, reset and profile forms ask for them. */
export function NewPasswordFields({
  password,
  confirmation,
  labels,
  required = true,
}: {
  password: BoundField;
  confirmation: BoundField;
  labels?: [string, string];
  required?: boolean;
}) {
  const { t } = useTranslation();
  const [first, second] = labels ?? [t('fields.password'), t('fields.confirmPassword')];
  return (
    <>
      <TextField
        label={first}
        type="password"
        autoComplete="new-password"
        required={required}
        hint={t('fields.passwordHint')}
        {...password}
      />
      <TextField
        label={second}
        type="password"
        autoComplete="new-password"
        required={required}
        {...confirmation}
      />
    </>
  );
}
