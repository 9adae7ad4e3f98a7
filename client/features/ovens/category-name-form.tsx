import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryNameIssue } from '../../../shared/domain/category';
import { LIMITS } from '../../../shared/domain/messages';
import { FieldCounter } from '../../components/form';
import { say } from '../../lib/i18n';

/**
 * A category's name typed in place (a new category in an empty slot, or a rename). A name the rules refuse stays
 * in the field with the reason beside it, to be corrected; a blank name cancels (spec §5).
 */
export function CategoryNameForm({
  id,
  initial = '',
  className = 'slot-form',
  onApply,
  onCancel,
}: {
  id: string;
  initial?: string;
  className?: string;
  onApply(name: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState('');
  const errorId = `${id}-error`;
  return (
    <form
      className={className}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const trimmed = name.trim();
        if (!trimmed) return onCancel();
        const issue = categoryNameIssue(trimmed);
        if (issue) return setError(say(issue));
        onApply(trimmed);
      }}
    >
      <label className="sr-only" htmlFor={id}>
        {t('tile.categoryName')}
      </label>
      <input
        id={id}
        value={name}
        placeholder={t('tile.categoryName')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        // biome-ignore lint/a11y/noAutofocus: the field appears because the person asked to type a name
        autoFocus
        onChange={(e) => {
          setName(e.target.value);
          // The reason goes once the name is one the rules take.
          if (error && !categoryNameIssue(e.target.value)) setError('');
        }}
      />
      <FieldCounter value={name} max={LIMITS.categoryNameMax} />
      {error ? (
        <p id={errorId} className="slot-form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="slot-form-actions">
        <button type="submit" className="btn btn-primary btn-small">
          {t('tile.apply')}
        </button>
        <button type="button" className="btn btn-secondary btn-small" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
