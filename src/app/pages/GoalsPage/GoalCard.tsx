import { useId, useState, type FormEvent, type JSX } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { GoalEntry } from '../../../api/goals.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { GOAL_PERIOD } from '../../../shared/contract/goals.contract.ts';
import { formatGoalAmount, formatUpdateDate, goalInputError, type ShownGoal } from './goal-card.model.ts';
import { PassedDays } from './PassedDays.tsx';
import './goals-texts.ts';

interface GoalCardProps {
  group: SystemGroup;
  shown: ShownGoal;
  /** Absent: the user may not set goals (read-only cards). Resolves true when the goal was saved. */
  onSave?: (entry: GoalEntry) => Promise<boolean>;
  saving?: boolean;
}

function SetGoalForm({ group, shown, onSave, saving }: Required<GoalCardProps>): JSX.Element {
  const { t } = useTranslation();
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
        {t('goals.setNewGoal')}
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
          {saving ? <i className="pi pi-spin pi-spinner" aria-label={t('goals.saving')} /> : t('goals.set')}
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
  const { t } = useTranslation();
  const forecast = shown.goal.forecast;
  if (forecast === null || shown.projected === null) return null;
  const verdict = forecast.willMeet === null ? null : forecast.willMeet ? t('goals.onTrack') : t('goals.shortOfGoal');
  return (
    <p className="goal-card__forecast">
      <span>
        <Trans
          i18nKey={`goals.forecast.${shown.goal.goalType}`}
          values={{ amount: formatGoalAmount(shown.projected, shown.unit) }}
          components={{ amount: <strong /> }}
        />
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
  const { t } = useTranslation();
  const { goal } = shown;
  const title = t(`goals.cardTitles.${goal.goalType}`);
  const producedLabel = shown.unit === 'imp' ? t('goals.currentImpressions') : t('goals.currentProduction');
  return (
    <article className="goal-card" aria-label={t(`goals.cardLabels.${goal.goalType}`, { group })}>
      <header className="goal-card__header">
        <h3 className="goal-card__title">{title}</h3>
        <span className="goal-card__value">
          {shown.goalValue === null ? t('goals.notSet') : formatGoalAmount(shown.goalValue, shown.unit)}
        </span>
      </header>
      <p className="goal-card__update">
        {goal.lastUpdate === null
          ? t('goals.noGoalYet')
          : t('goals.lastUpdate', {
              firstName: goal.lastUpdate.authorFirstName,
              lastName: goal.lastUpdate.authorLastName,
              date: formatUpdateDate(goal.lastUpdate.dateModified),
            })}
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
