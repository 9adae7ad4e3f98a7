import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pointsFinely } from '../lib/pointer';

let openModals = 0;

/**
 * An accessible dialog: labelled, focus moved in and kept in, Escape and the backdrop close it
 * (unless `busy`), focus returned to where it was. Full screen on a phone. A form with changes says so
 * (`dirty`): a stray tap beside it does nothing, and Escape or × ask before throwing the changes away, in the
 * form's own words (`discard`) when it has them.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  size = 'md',
  busy = false,
  dirty = false,
  discard,
}: {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  busy?: boolean;
  /** What was typed would be lost by closing: closing asks first. */
  dirty?: boolean;
  /** The question asked before a dirty form closes, when the form names what would be lost. */
  discard?: { title: string; message: string };
}) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [asking, setAsking] = useState(false);
  const closeRef = useRef(onClose);
  closeRef.current = dirty ? () => setAsking(true) : onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const requestClose = () => closeRef.current();

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const panel = ref.current;
    const focusables = () =>
      Array.from(
        panel?.querySelectorAll<HTMLElement>(
          'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
        ) ?? [],
      );
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? focusables()[0] ?? panel;
    // On a touch screen a text field is not focused for the user: the keyboard would open over the dialog before
    // they chose what to change. The dialog itself takes the focus (a screen reader reads its title).
    const typing =
      first instanceof HTMLTextAreaElement ||
      (first instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(first.type));
    (typing && !pointsFinely() ? panel : first)?.focus();
    const onKey = (e: KeyboardEvent) => {
      // Only the top dialog answers (a confirmation opened over a form).
      const dialogs = document.querySelectorAll('[role="dialog"]');
      if (dialogs[dialogs.length - 1] !== panel) return;
      if (e.key === 'Escape' && !busyRef.current) closeRef.current();
      if (e.key === 'Tab') {
        const list = focusables();
        if (list.length === 0) return;
        const first = list[0]!;
        const last = list[list.length - 1]!;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    openModals += 1;
    document.body.classList.add('modal-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      openModals -= 1;
      // A confirmation closing over a form leaves the page locked for the form still open.
      if (openModals === 0) document.body.classList.remove('modal-open');
      before?.focus?.();
    };
  }, []);

  return (
    <>
      <div
        className="modal-backdrop"
        onPointerDown={(e) => {
          if (e.target === e.currentTarget && !busy && !dirty) onClose();
        }}
      >
        <div
          ref={ref}
          className={`modal modal-${size}`}
          role="dialog"
          aria-modal="true"
          aria-labelledby={id}
          tabIndex={-1}
        >
          <header className="modal-header">
            <h2 id={id}>{title}</h2>
            <button
              type="button"
              className="modal-close"
              aria-label={t('common.close')}
              onClick={requestClose}
              disabled={busy}
            >
              ×
            </button>
          </header>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling body with no control of its own must be reachable by keyboard to scroll (WCAG 2.1.1; axe's scrollable-region-focusable) */}
          <div className="modal-body" tabIndex={0}>
            {children}
          </div>
          {footer ? <footer className="modal-footer">{footer}</footer> : null}
        </div>
      </div>
      {asking ? (
        <ConfirmDialog
          title={discard?.title ?? t('common.discardTitle')}
          message={discard?.message ?? t('common.discardMessage')}
          confirmLabel={t('common.discard')}
          cancelLabel={t('common.keepEditing')}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            onClose();
          }}
        />
      ) : null}
    </>
  );
}

/** A yes/no question with the spec's wording supplied by the caller. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={title}
      onClose={onCancel}
      size="sm"
      busy={busy}
      footer={
        <>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={onCancel}
            disabled={busy}
            data-autofocus
          >
            {cancelLabel ?? t('common.cancel')}
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
            {busy ? t('common.working') : confirmLabel}
          </button>
        </>
      }
    >
      {typeof message === 'string' ? <p>{message}</p> : message}
    </Modal>
  );
}

/** Covers the page while long work runs, saying what is happening. */
export function Overlay({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="overlay" role="alertdialog" aria-live="assertive" aria-label={message}>
      <div className="overlay-box">
        <span className="spinner" aria-hidden="true" />
        <p>{message}</p>
        {children}
      </div>
    </div>
  );
}

/**
 * A dialog's footer: Cancel, and the main button, which submits the form `form` when given or runs `onConfirm`.
 * Both wait while `busy`; the main one also while `disabled`.
 */
export function DialogActions({
  onCancel,
  label,
  busy = false,
  busyLabel,
  disabled = false,
  form,
  onConfirm,
}: {
  onCancel(): void;
  label: string;
  busy?: boolean;
  busyLabel?: string;
  disabled?: boolean;
  form?: string;
  onConfirm?(): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
        {t('common.cancel')}
      </button>
      <button
        type={form ? 'submit' : 'button'}
        form={form}
        className="btn btn-primary"
        onClick={form ? undefined : onConfirm}
        disabled={busy || disabled}
      >
        {busy ? (busyLabel ?? t('common.saving')) : label}
      </button>
    </>
  );
}
