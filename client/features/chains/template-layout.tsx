import { useTranslation } from 'react-i18next';
import type { TemplateLayout } from '../../../shared/contracts/chains';
import { BUTTON_COLORS, type ButtonColor, buttonTextColor } from '../../../shared/domain/catalog';
import { mainCapacity } from '../../../shared/domain/menu';
import { type OvenType, ovenModel } from '../../../shared/domain/oven-models';

/**
 * A template's main screens as the ovens will show them, read-only: each slot with its button (a category with how
 * many recipes it holds) or empty, so a manager sees the layout before replacing a location's menus with it.
 */
export function TemplateLayoutPreview({ layout, ovenType }: { layout: TemplateLayout; ovenType: string }) {
  const { t } = useTranslation();
  const model = ovenModel(ovenType as OvenType);
  const grid = model.menuLayout === 'grid';
  return (
    <section className="card template-layout" aria-labelledby="template-layout-title">
      <h2 id="template-layout-title">{t('templatesPage.layoutTitle')}</h2>
      <div className="layout-screens">
        {layout.map((screen, i) => {
          const slots = grid
            ? Array.from({ length: mainCapacity(model) }, (_, p) =>
                screen.buttons.find((b) => b.position === p + 1),
              )
            : screen.buttons;
          return (
            <figure key={i} className="layout-screen">
              <figcaption>{t('templatesPage.screen', { n: i + 1 })}</figcaption>
              <ol
                className="layout-slots"
                style={{ '--columns': model.screenColumns } as React.CSSProperties}
              >
                {slots.map((b, p) => (
                  <li key={p} className={`layout-slot ${b ? '' : 'layout-empty'}`}>
                    {b ? (
                      <span
                        className="layout-button"
                        style={{
                          background: BUTTON_COLORS[b.color as ButtonColor] ?? BUTTON_COLORS.ORANGE_900,
                          color: buttonTextColor(b.color as ButtonColor),
                        }}
                      >
                        <span className="layout-name">{b.name}</span>
                        {b.kind === 'category' ? (
                          <span className="layout-note">
                            {t('templatesPage.recipes', { count: b.recipes ?? 0 })}
                          </span>
                        ) : null}
                      </span>
                    ) : (
                      <span className="sr-only">{t('templatesPage.emptySlot', { n: p + 1 })}</span>
                    )}
                  </li>
                ))}
              </ol>
            </figure>
          );
        })}
      </div>
    </section>
  );
}
