import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input whose error sits right under it, tied to it for screen readers. */
export function TextField({ label, value, onChange, error, hint, required, id, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [error ? `${inputId}-error` : '', hint ? `${inputId}-hint` : '']
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

export function Alert({ tone, children }: { tone: 'success' | 'error' | 'info'; children: ReactNode }) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function Spinner({ label = 'Loading ...' }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A new password and its confirmation, as the register, reset and profile forms ask for them. */
export function NewPasswordFields({
  password,
  confirmation,
  errors,
  onPassword,
  onConfirmation,
  labels = ['Password', 'Confirm password'],
  required = true,
}: {
  password: string;
  confirmation: string;
  errors: { password?: string; password_confirmation?: string };
  onPassword(v: string): void;
  onConfirmation(v: string): void;
  labels?: [string, string];
  required?: boolean;
}) {
  return (
    <>
      <TextField
        label={labels[0]}
        name="password"
        type="password"
        autoComplete="new-password"
        required={required}
        value={password}
        onChange={onPassword}
        error={errors.password}
        hint="At least 8 characters."
      />
      <TextField
        label={labels[1]}
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        required={required}
        value={confirmation}
        onChange={onConfirmation}
        error={errors.password_confirmation}
      />
    </>
  );
}
