import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUTTON_COLOR_NAMES, BUTTON_COLORS, type ButtonColor } from '../../../shared/domain/catalog';
import { iconUrl } from '../../../shared/domain/icons';
import type { MenuButton } from '../../../shared/domain/menu';
import { colorLabel } from '../../lib/i18n';
import { IconPickerModal } from './icon-picker-modal';

/** What can be done to the selected button: its colour, its icon, the favourite star (inner screens), the recipe. */
export function ButtonToolbar({
  button,
  onInner,
  onColor,
  onIcon,
  onFavorite,
  onOpenRecipe,
  onMoveTo,
  onTrash,
  onClose,
}: {
  button: MenuButton;
  onInner: boolean;
  onMoveTo(): void;
  onColor(color: ButtonColor): void;
  onIcon(icon: string): void;
  onFavorite(favorite: boolean): void;
  onOpenRecipe(): void;
  onTrash(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [pickingIcon, setPickingIcon] = useState(false);
  const name = button.kind === 'recipe' ? button.recipe.name : button.category.name;
  // The options open below the grid: on a tablet that is below the fold, so they come into view when opened.
  const panel = useRef<HTMLElement>(null);
  const buttonId = button.id;
  useEffect(() => {
    if (buttonId !== null) panel.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [buttonId]);
  return (
    <section ref={panel} className="card button-toolbar" aria-label={t('editor.optionsFor', { name })}>
      <header className="button-toolbar-head">
        <strong>{name}</strong>
        <button type="button" className="modal-close" aria-label={t('editor.closeOptions')} onClick={onClose}>
          ×
        </button>
      </header>
      <fieldset className="color-picker">
        <legend>{t('editor.buttonColour')}</legend>
        {BUTTON_COLOR_NAMES.map((c) => (
          <label key={c} className={`swatch ${c === button.color ? 'swatch-on' : ''}`} title={colorLabel(c)}>
            <input
              type="radio"
              name="button-color"
              className="sr-only"
              checked={c === button.color}
              onChange={() => onColor(c)}
              aria-label={colorLabel(c)}
            />
            <span style={{ background: BUTTON_COLORS[c] }} />
          </label>
        ))}
      </fieldset>
      <div className="button-toolbar-actions">
        <button type="button" className="btn btn-secondary" onClick={() => setPickingIcon(true)}>
          <img src={iconUrl(button.icon)} alt="" className="inline-icon" /> {t('editor.icon')}
        </button>
        {button.kind === 'recipe' && onInner ? (
          <button
            type="button"
            className="btn btn-secondary"
            aria-pressed={button.favorite}
            onClick={() => onFavorite(!button.favorite)}
          >
            {button.favorite ? t('editor.favouriteOn') : t('editor.favouriteOff')}
          </button>
        ) : null}
        {button.kind === 'recipe' ? (
          <button type="button" className="btn btn-secondary" onClick={onOpenRecipe}>
            {t('editor.viewEdit')}
          </button>
        ) : null}
        <button type="button" className="btn btn-secondary" onClick={onMoveTo}>
          {t('editor.moveTo')}
        </button>
        <button type="button" className="btn btn-link-danger" onClick={onTrash}>
          {t('editor.remove')}
        </button>
      </div>
      {pickingIcon ? (
        <IconPickerModal
          title={t('editor.iconOf', { name })}
          current={button.icon}
          onPick={(icon) => {
            onIcon(icon);
            setPickingIcon(false);
          }}
          onClose={() => setPickingIcon(false)}
        />
      ) : null}
    </section>
  );
}
