import { useId, useState, type FormEvent, type JSX } from 'react';
import type { GoalEntry } from '../../../api/goals.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { GOAL_PERIOD } from '../../../shared/contract/goals.contract.ts';
import {
  GOAL_CARD_TITLES,
  formatGoalAmount,
  formatUpdateDate,
  goalInputError,
  type ShownGoal,
} from './goal-card.model.ts';
import { PassedDays } from './PassedDays.tsx';

interface GoalCardProps {
  group: SystemGroup;
  shown: ShownGoal;
  /** Absent: the user may not set goals (read-only cards). Resolves true when the goal was saved. */
  onSave?: (entry: GoalEntry) => Promise<boolean>;
  saving?: boolean;
}

function SetGoalForm({ group, shown, onSave, saving }: Required<GoalCardProps>): JSX.Element {
  const inputId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const error = goalInputError(text);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (error !== null || text.trim() === '') return;
    const saved = await onSave({
      goalValue: Number(text.trim()),
      goalPeriod: GOAL_PERIOD[shown.goal.goalType],
      systemGroup: group,
      units: shown.unit,
    });
    if (saved) setText('');
  };
  return (
    <form className="goal-card__form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={inputId} className="goal-card__label">
        Set new goal
      </label>
      <div className="goal-card__entry">
        <input
          id={inputId}
          className={error === null ? 'p-inputtext p-component' : 'p-inputtext p-component p-invalid'}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : errorId}
          onChange={(event) => setText(event.target.value)}
        />
        <span className="goal-card__unit">{shown.unit}</span>
        <button
          type="submit"
          className="p-button p-component goal-card__set"
          disabled={error !== null || text.trim() === '' || saving}
        >
          {saving ? <i className="pi pi-spin pi-spinner" aria-label="Saving" /> : 'Set'}
        </button>
      </div>
      {error !== null && (
        <small id={errorId} className="goal-card__error" role="alert">
          {error}
        </small>
      )}
    </form>
  );
}

function Forecast({ shown }: { shown: ShownGoal }): JSX.Element | null {
  const forecast = shown.goal.forecast;
  if (forecast === null || shown.projected === null) return null;
  const period = shown.goal.goalType === 'weekly' ? 'week' : 'year';
  const verdict =
    forecast.willMeet === null ? null : forecast.willMeet ? 'On track to meet the goal' : 'Short of the goal';
  return (
    <p className="goal-card__forecast">
      <span>
        Forecast for the {period}: <strong>{formatGoalAmount(shown.projected, shown.unit)}</strong>
      </span>
      {verdict !== null && (
        <span
          className={
            forecast.willMeet
              ? 'goal-card__verdict goal-card__verdict--met'
              : 'goal-card__verdict goal-card__verdict--short'
          }
        >
          <i className={forecast.willMeet ? 'pi pi-check-circle' : 'pi pi-exclamation-triangle'} aria-hidden="true" />{' '}
          {verdict}
        </span>
      )}
    </p>
  );
}

/**
 * One goal of one group (spec shell §2 Goals page): the current goal, the set-new-goal form (for goal setters), who
 * set it and when, the production so far, the passed-days indicator and the end-of-period forecast.
 */
export function GoalCard({ group, shown, onSave, saving = false }: GoalCardProps): JSX.Element {
  const { goal } = shown;
  const title = GOAL_CARD_TITLES[goal.goalType];
  const producedLabel = shown.unit === 'imp' ? 'Current impressions' : 'Current production';
  return (
    <article className="goal-card" aria-label={`${group} ${title.toLowerCase()}`}>
      <header className="goal-card__header">
        <h3 className="goal-card__title">{title}</h3>
        <span className="goal-card__value">
          {shown.goalValue === null ? 'Not set' : formatGoalAmount(shown.goalValue, shown.unit)}
        </span>
      </header>
      <p className="goal-card__update">
        {goal.lastUpdate === null
          ? 'No goal has been set yet'
          : `Last update by ${goal.lastUpdate.authorFirstName} ${goal.lastUpdate.authorLastName} on ${formatUpdateDate(goal.lastUpdate.dateModified)}`}
      </p>
      <dl className="goal-card__figures">
        <div>
          <dt>{producedLabel}</dt>
          <dd>{formatGoalAmount(shown.completed, shown.unit)}</dd>
        </div>
      </dl>
      <PassedDays goalType={goal.goalType} passed={goal.passed} />
      <Forecast shown={shown} />
      {onSave !== undefined && <SetGoalForm group={group} shown={shown} onSave={onSave} saving={saving} />}
    </article>
  );
}
