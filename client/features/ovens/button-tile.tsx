import { BUTTON_COLORS, buttonTextColor } from '../../../shared/domain/catalog';
import { iconUrl } from '../../../shared/domain/icons';
import type { MenuButton } from '../../../shared/domain/menu';
import { OpensIcon, StarIcon } from '../../components/icons';

/** A button as the oven draws it: its colour, its icon and its name (a category shows a folder mark). */
/** How many buttons a category holds, over its pages: its tile shows it, and says it. */
export function buttonsIn(button: MenuButton & { kind: 'category' }): number {
  return button.category.pages.reduce((n, p) => n + p.buttons.length, 0);
}

export function ButtonFace({ button }: { button: MenuButton }) {
  const color = BUTTON_COLORS[button.color] ?? BUTTON_COLORS.ORANGE_900;
  const name = button.kind === 'recipe' ? button.recipe.name : button.category.name;
  const icon = button.kind === 'category' ? button.category.icon : button.icon;
  return (
    <span className="tile-face" style={{ background: color, color: buttonTextColor(button.color) }}>
      <img
        className="tile-icon"
        src={iconUrl(icon, button.kind === 'category' ? 'ICON_CATEGORY_DEFAULT' : undefined)}
        alt=""
      />
      <span className="tile-name">{name}</span>
      {button.kind === 'category' ? (
        <span className="tile-badge" aria-hidden="true">
          <OpensIcon /> {buttonsIn(button)}
        </span>
      ) : null}
      {button.kind === 'recipe' && button.favorite ? (
        <span className="tile-star" aria-hidden="true">
          <StarIcon />
        </span>
      ) : null}
    </span>
  );
}
