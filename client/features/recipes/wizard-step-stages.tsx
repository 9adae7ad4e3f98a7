import type { CookEvent } from '../../../shared/domain/event';
import type { OvenModel } from '../../../shared/domain/oven-models';
import type { Stage } from '../../../shared/domain/stage';
import { rangeText, tempDifference, unitSymbol } from '../../../shared/domain/temperature';
import { Alert } from '../../components/form';
import { useTemperatureUnit } from '../../lib/current-user';
import { StageEditor, type StageFormState } from './stage-editor';

/** Step 2: the cooking stages and events. `problem` says why Next waits, in words. */
export function StepStages({
  model,
  stages,
  events,
  problem,
  onStages,
  onEvents,
  onFormState,
}: {
  model: OvenModel;
  stages: Stage[];
  events: CookEvent[];
  problem: string | null;
  onStages(next: Stage[]): void;
  onEvents(next: CookEvent[]): void;
  onFormState(state: StageFormState): void;
}) {
  const unit = useTemperatureUnit();
  return (
    <div className="wizard-step">
      <p className="muted">
        {model.type}: {model.maxStages === 1 ? '1 stage' : `1 to ${model.maxStages} stages`},{' '}
        {rangeText(model.minTemp, model.maxTemp, unit)}
        {model.maxStages > 1
          ? `, each within ${unit === 'C' ? 'about ' : ''}${tempDifference(model.tempStep, unit)} ${unitSymbol(unit)} of the stage before`
          : ''}
        .
      </p>
      <StageEditor
        model={model}
        stages={stages}
        events={events}
        onStages={onStages}
        onEvents={onEvents}
        onFormState={onFormState}
      />
      {problem ? <Alert tone="error">{problem}</Alert> : null}
    </div>
  );
}
