import type { JSX } from 'react';
import type { GoalType } from '../../../shared/contract/goals.contract.ts';
import { MONTH_LETTERS, MONTH_NAMES, WEEKDAY_LETTERS, WEEKDAY_NAMES } from './goal-card.model.ts';

type Step = 'passed' | 'current' | 'upcoming';

const STEP_TEXT: Record<Step, string> = { passed: 'passed', current: 'in progress', upcoming: 'to come' };

function stepOf(index: number, passed: number): Step {
  if (index < passed) return 'passed';
  return index === passed ? 'current' : 'upcoming';
}

function Row({
  letters,
  names,
  offset,
  passed,
}: {
  letters: readonly string[];
  names: readonly string[];
  offset: number;
  passed: number;
}) {
  return (
    <li className="passed-days__row">
      {letters.map((letter, index) => {
        const step = stepOf(offset + index, passed);
        const name = names[index] ?? '';
        return (
          <span
            key={name}
            className={`passed-days__step passed-days__step--${step}`}
            title={`${name}: ${STEP_TEXT[step]}`}
          >
            <span aria-hidden="true">{letter}</span>
            <span className="passed-days__text">{`${name}: ${STEP_TEXT[step]}`}</span>
          </span>
        );
      })}
    </li>
  );
}

/**
 * The passed-days indicator (spec shell §2): for a week the weekday letters, for a year the 12 months in two rows;
 * the days or months over are filled, the one in progress outlined.
 */
export function PassedDays({ goalType, passed }: { goalType: GoalType; passed: number }): JSX.Element {
  const label =
    goalType === 'weekly' ? `Days of the week passed: ${passed} of 7` : `Months of the year passed: ${passed} of 12`;
  return (
    <ul className={`passed-days passed-days--${goalType}`} aria-label={label}>
      {goalType === 'weekly' ? (
        <Row letters={WEEKDAY_LETTERS} names={WEEKDAY_NAMES} offset={0} passed={passed} />
      ) : (
        <>
          <Row letters={MONTH_LETTERS.slice(0, 6)} names={MONTH_NAMES.slice(0, 6)} offset={0} passed={passed} />
          <Row letters={MONTH_LETTERS.slice(6)} names={MONTH_NAMES.slice(6)} offset={6} passed={passed} />
        </>
      )}
    </ul>
  );
}
