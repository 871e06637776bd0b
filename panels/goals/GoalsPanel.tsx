import { useId, type JSX } from 'react';
import { useLengthUnits, useTranslation, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import {
  SEGMENT_COLOURS,
  formatAmount,
  formatGoalPercentage,
  goalsInUnits,
  percentageColour,
  progressColour,
  type GoalProgress,
  type GoalsData,
} from './model.ts';
import type { GoalsOptions } from './options.ts';
import type { GoalForecast } from '../../src/shared/kpi/goal-forecast.ts';
import './GoalsPanel.css';

/** A progress bar of 7 (week) or 12 (year) segments; filled ones take the threshold colour of the completion. */
function SegmentBar({ progress, label }: { progress: GoalProgress; label: string }): JSX.Element {
  const colour = progressColour(progress.percentage);
  return (
    <div
      className="goals__bar"
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={progress.segments}
      aria-valuenow={progress.filledSegments}
    >
      {Array.from({ length: progress.segments }, (_, index) => (
        <span
          key={index}
          className="goals__segment"
          style={{ background: index < progress.filledSegments ? colour : SEGMENT_COLOURS.empty }}
        />
      ))}
    </div>
  );
}

/** The end-of-period forecast: the projected production and whether it meets the goal (a mark and its words). */
function ForecastLine({ forecast, units }: { forecast: GoalForecast; units: string }): JSX.Element {
  const { t } = useTranslation();
  const verdict =
    forecast.willMeet === null ? null : t(forecast.willMeet ? 'panels.goals.onTrack' : 'panels.goals.shortOfGoal');
  return (
    <p className="goals__forecast">
      <span>
        {t('panels.goals.forecast')} <strong>{formatAmount(forecast.projected, units, t)}</strong>
      </span>
      {verdict !== null && (
        <span
          className={forecast.willMeet ? 'goals__verdict goals__verdict--met' : 'goals__verdict goals__verdict--short'}
        >
          <i className={forecast.willMeet ? 'pi pi-check-circle' : 'pi pi-exclamation-triangle'} aria-hidden="true" />{' '}
          {verdict}
        </span>
      )}
    </p>
  );
}

function Goal({ progress, units }: { progress: GoalProgress; units: string }): JSX.Element {
  const { t } = useTranslation();
  const title = t(`panels.goals.title.${progress.period}`);
  return (
    <div className="goals__goal" role="group" aria-label={title}>
      <div className="goals__row">
        <span className="goals__name">{title}</span>
        <span className="goals__target">{formatAmount(progress.goal, units, t)}</span>
      </div>
      <div className="goals__row">
        <span>
          {t('panels.goals.completed')} <strong>{formatAmount(progress.completed, units, t)}</strong>
        </span>
        <strong className="goals__percentage" style={{ color: percentageColour(progress) }}>
          {formatGoalPercentage(progress)}
        </strong>
      </div>
      <SegmentBar progress={progress} label={t('panels.goals.progress', { goal: title })} />
      {progress.forecast !== null && <ForecastLine forecast={progress.forecast} units={units} />}
    </div>
  );
}

/**
 * Goals and achievements (spec reports §2 Overview): the weekly and yearly goal with the completed production and its
 * percentage, progress bars of 7 and 12 segments, and the week record of the year.
 */
export function GoalsPanel({ options, data: answer, title }: PanelProps<GoalsOptions, GoalsData>): JSX.Element {
  const { t } = useTranslation();
  const titleId = useId();
  const data = goalsInUnits(answer, useLengthUnits());
  return (
    <section className="goals" aria-labelledby={titleId}>
      <h2 id={titleId} className="goals__title">
        {title}
      </h2>
      {data.goals.map((progress) => (
        <Goal key={progress.period} progress={progress} units={data.units} />
      ))}
      {options.showRecord !== false && (
        <p className="goals__record">
          {t('panels.goals.record')} <strong>{formatAmount(data.weekRecord, data.units, t)}</strong>
        </p>
      )}
    </section>
  );
}
