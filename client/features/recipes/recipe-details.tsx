import type { RecipeDetail } from '../../../shared/contracts/recipes';
import { findOvenModel } from '../../../shared/domain/oven-models';
import { formatStageTime, stageTempWarnings } from '../../../shared/domain/stage';
import { formatTemp } from '../../../shared/domain/temperature';
import { useTemperatureUnit } from '../../lib/current-user';
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
  Partial<
    Pick<
      RecipeDetail,
      | 'dish_type'
      | 'brand'
      | 'sku'
      | 'weight'
      | 'quantity'
      | 'ingredients'
      | 'outcome_attributes'
      | 'procedure'
      | 'outcome'
    >
  >;

/** The stages as a timeline: each stage's time, temperature, air, blower, microwave and IR at a glance. */
export function StageTimeline({ stages, ovenType }: { stages: RecipeDetail['stages']; ovenType: string }) {
  const model = findOvenModel(ovenType);
  const unit = useTemperatureUnit();
  const warnings = model ? stageTempWarnings(stages, model) : [];
  return (
    <ol className="timeline">
      {stages.map((s, i) => (
        <li key={s.order} className={`timeline-stage ${warnings[i] ? 'timeline-warning' : ''}`}>
          <div className="timeline-head">
            <span className="timeline-order">Stage {s.order}</span>
            <span className="timeline-time tabular">{formatStageTime(s)}</span>
            <span className="timeline-temp tabular">{formatTemp(s.temp, unit)}</span>
          </div>
          <dl className="timeline-values tabular">
            <div>
              <dt>Air top</dt>
              <dd>{s.percent_air_top}%</dd>
            </div>
            <div>
              <dt>Air bottom</dt>
              <dd>{s.percent_air_bottom}%</dd>
            </div>
            <div>
              <dt>Blower</dt>
              <dd>{s.blower_percent}%</dd>
            </div>
            {model?.microwave ? (
              <div>
                <dt>Microwave</dt>
                <dd>{s.microwave_percent}%</dd>
              </div>
            ) : null}
            {model?.infrared ? (
              <>
                <div>
                  <dt>IR top</dt>
                  <dd>{s.ir_lvl_top}</dd>
                </div>
                <div>
                  <dt>IR bottom</dt>
                  <dd>{s.ir_lvl_bottom}</dd>
                </div>
              </>
            ) : null}
            {model?.forceVent ? (
              <div>
                <dt>Vent</dt>
                <dd>{s.force_vent_open ? 'Open' : 'Closed'}</dd>
              </div>
            ) : null}
          </dl>
          {warnings[i] ? (
            <p className="field-error">
              The temperature is too far from previous stage. Please edit stage to correct it.
            </p>
          ) : null}
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
  const unit = useTemperatureUnit();
  const specs: [string, string | number | null | undefined][] = [
    ['Product name', recipe.product_name],
    ['Set temp', recipe.set_temp ? formatTemp(recipe.set_temp, unit) : ''],
    ['Starting state', recipe.starting_state],
    ['Dish type', recipe.dish_type],
    ['Brand', recipe.brand],
    ['SKU', recipe.sku],
    ['Weight', recipe.weight],
    ['Quantity', recipe.quantity],
  ];
  const prep: [string, string | undefined][] = [
    ['Ingredients', recipe.ingredients],
    ['Procedure', recipe.procedure],
    ['Outcome', recipe.outcome],
    ['Outcome attributes', recipe.outcome_attributes],
  ];
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
            <OvenBadge type={recipe.oven_type} decorative /> {recipe.oven_type} · {recipe.category}
          </p>
          <Pairs className="spec-list" pairs={specs} />
        </div>
      </div>
      <h3>Cooking stages</h3>
      <StageTimeline stages={recipe.stages} ovenType={recipe.oven_type} />
      {recipe.events.length > 0 ? (
        <>
          <h3>Cooking events</h3>
          <EventList events={recipe.events} />
        </>
      ) : null}
      {prep.some(([, v]) => v) ? (
        <>
          <h3>Preparation</h3>
          <Pairs className="prep-list" pairs={prep} />
        </>
      ) : null}
    </div>
  );
}
