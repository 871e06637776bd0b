import { useId, type JSX } from 'react';
import { useLengthUnits, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import {
  GOAL_TITLES,
  SEGMENT_COLOURS,
  formatAmount,
  formatGoalPercentage,
  goalsInUnits,
  percentageColour,
  progressColour,
  type GoalProgress,
  type GoalsData,
  type GoalsOptions,
} from './model.ts';
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

function Goal({ progress, units }: { progress: GoalProgress; units: string }): JSX.Element {
  const title = GOAL_TITLES[progress.period];
  return (
    <div className="goals__goal" role="group" aria-label={title}>
      <div className="goals__row">
        <span className="goals__name">{title}</span>
        <span className="goals__target">{formatAmount(progress.goal, units)}</span>
      </div>
      <div className="goals__row">
        <span>
          Completed <strong>{formatAmount(progress.completed, units)}</strong>
        </span>
        <strong className="goals__percentage" style={{ color: percentageColour(progress) }}>
          {formatGoalPercentage(progress)}
        </strong>
      </div>
      <SegmentBar progress={progress} label={`${title} progress`} />
    </div>
  );
}

/**
 * Goals and achievements (spec reports §2 Overview): the weekly and yearly goal with the completed production and its
 * percentage, progress bars of 7 and 12 segments, and the week record of the year.
 */
export function GoalsPanel({ options, data: answer, title }: PanelProps<GoalsOptions, GoalsData>): JSX.Element {
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
          Record <strong>{formatAmount(data.weekRecord, data.units)}</strong>
        </p>
      )}
    </section>
  );
}
