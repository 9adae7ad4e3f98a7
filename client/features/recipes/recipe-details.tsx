import { useTranslation } from 'react-i18next';
import type { RecipeDetail } from '../../../shared/contracts/recipes';
import { findOvenModel } from '../../../shared/domain/oven-models';
import { type RecipeTexts, textFieldsOf } from '../../../shared/domain/recipe-fields';
import { formatStageTime, stageTempWarnings } from '../../../shared/domain/stage';
import { formatTemp } from '../../../shared/domain/temperature';
import { useTemperatureUnit } from '../../lib/current-user';
import { categoryLabel, irLevelLabel, startingStateLabel } from '../../lib/i18n';
import { formatPercent } from '../../lib/text';
import { OvenBadge } from './oven-badge';
import { RecipeImage } from './recipe-image';

type Shown = Pick<
  RecipeDetail,
  | 'name'
  | 'oven_type'
  | 'category'
  | 'starting_state'
  | 'product_name'
  | 'set_temp'
  | 'icon'
  | 'image_url'
  | 'stages'
  | 'events'
> &
  Partial<RecipeTexts>;

/** The stages as a timeline: each stage's time, temperature, air, blower, microwave and IR at a glance. */
export function StageTimeline({ stages, ovenType }: { stages: RecipeDetail['stages']; ovenType: string }) {
  const { t } = useTranslation();
  const model = findOvenModel(ovenType);
  const unit = useTemperatureUnit();
  const warnings = model ? stageTempWarnings(stages, model) : [];
  return (
    <ol className="timeline">
      {stages.map((s, i) => (
        <li key={s.order} className={`timeline-stage ${warnings[i] ? 'timeline-warning' : ''}`}>
          <div className="timeline-head">
            <span className="timeline-order">{t('recipeView.stageN', { n: s.order })}</span>
            <span className="timeline-time tabular">{formatStageTime(s)}</span>
            <span className="timeline-temp tabular">{formatTemp(s.temp, unit)}</span>
          </div>
          <dl className="timeline-values tabular">
            <div>
              <dt>{t('recipeView.airTop')}</dt>
              <dd>{formatPercent(s.percent_air_top)}</dd>
            </div>
            <div>
              <dt>{t('recipeView.airBottom')}</dt>
              <dd>{formatPercent(s.percent_air_bottom)}</dd>
            </div>
            <div>
              <dt>{t('recipeView.blower')}</dt>
              <dd>{formatPercent(s.blower_percent)}</dd>
            </div>
            {model?.microwave ? (
              <div>
                <dt>{t('recipeView.microwave')}</dt>
                <dd>{formatPercent(s.microwave_percent)}</dd>
              </div>
            ) : null}
            {model?.infrared ? (
              <>
                <div>
                  <dt>{t('stageEditor.irTop')}</dt>
                  <dd>{irLevelLabel(s.ir_lvl_top)}</dd>
                </div>
                <div>
                  <dt>{t('stageEditor.irBottom')}</dt>
                  <dd>{irLevelLabel(s.ir_lvl_bottom)}</dd>
                </div>
              </>
            ) : null}
            {model?.forceVent ? (
              <div>
                <dt>{t('pdf.vent')}</dt>
                <dd>{s.force_vent_open ? t('pdf.open') : t('pdf.closed')}</dd>
              </div>
            ) : null}
          </dl>
          {warnings[i] ? <p className="field-error">{t('rules.tempTooFar')}</p> : null}
        </li>
      ))}
    </ol>
  );
}

export function EventList({ events }: { events: RecipeDetail['events'] }) {
  if (events.length === 0) return null;
  return (
    <ul className="event-list">
      {events.map((e, i) => (
        <li key={i}>
          <span className="tabular">
            {String(e.minutes).padStart(2, '0')}:{String(e.seconds).padStart(2, '0')}
          </span>{' '}
          {e.name}
        </li>
      ))}
    </ul>
  );
}

/** Label and value pairs; empty values are left out. */
function Pairs({
  className,
  pairs,
}: {
  className: string;
  pairs: [string, string | number | null | undefined][];
}) {
  return (
    <dl className={className}>
      {pairs
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}

/** Everything about a recipe, as the view modal and the wizard's preview show it. */
export function RecipeDetails({ recipe, imageOverride }: { recipe: Shown; imageOverride?: string | null }) {
  const { t } = useTranslation();
  const unit = useTemperatureUnit();
  const specs: [string, string | number | null | undefined][] = [
    [t('pdf.productName'), recipe.product_name],
    [t('pdf.setTemp'), recipe.set_temp ? formatTemp(recipe.set_temp, unit) : ''],
    [t('recipeView.startingState'), recipe.starting_state ? startingStateLabel(recipe.starting_state) : null],
    ...textFieldsOf('specs').map((f): [string, string | undefined] => [t(f.label), recipe[f.key]]),
  ];
  const prep = textFieldsOf('preparation').map((f): [string, string | undefined] => [
    t(f.label),
    recipe[f.key],
  ]);
  return (
    <div className="recipe-details">
      <div className="recipe-details-top">
        <RecipeImage
          className="recipe-details-image"
          imageUrl={imageOverride !== undefined ? imageOverride : recipe.image_url}
          icon={recipe.icon}
          alt={recipe.name}
        />
        <div>
          <p className="recipe-details-meta">
            <OvenBadge type={recipe.oven_type} decorative /> {recipe.oven_type} ·{' '}
            {categoryLabel(recipe.category)}
          </p>
          <Pairs className="spec-list" pairs={specs} />
        </div>
      </div>
      <h3>{t('pdf.cookingStages')}</h3>
      <StageTimeline stages={recipe.stages} ovenType={recipe.oven_type} />
      {recipe.events.length > 0 ? (
        <>
          <h3>{t('pdf.cookingEvents')}</h3>
          <EventList events={recipe.events} />
        </>
      ) : null}
      {prep.some(([, v]) => v) ? (
        <>
          <h3>{t('pdf.preparation')}</h3>
          <Pairs className="prep-list" pairs={prep} />
        </>
      ) : null}
    </div>
  );
}
