import { useTranslation } from 'react-i18next';
import type { CookEvent } from '../../../shared/domain/event';
import type { OvenModel } from '../../../shared/domain/oven-models';
import type { Stage } from '../../../shared/domain/stage';
import { tempDifference, tempRange, unitSymbol } from '../../../shared/domain/temperature';
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
  const { t } = useTranslation();
  const unit = useTemperatureUnit();
  const range = tempRange(model.minTemp, model.maxTemp, unit);
  const values = {
    type: model.type,
    stages: model.maxStages,
    min: range.min,
    max: range.max,
    unit: unitSymbol(unit),
    step: tempDifference(model.tempStep, unit),
  };
  return (
    <div className="wizard-step">
      <p className="muted">
        {model.maxStages === 1
          ? t('wizard.stagesOne', values)
          : t(unit === 'C' ? 'wizard.stagesManyAbout' : 'wizard.stagesMany', values)}
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
