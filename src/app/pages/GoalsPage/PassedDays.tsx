import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import type { GoalType } from '../../../shared/contract/goals.contract.ts';
import { monthNames, weekdayNames } from '../calendar-names.ts';
import './goals-texts.ts';

type Step = 'passed' | 'current' | 'upcoming';

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
  const { t } = useTranslation();
  return (
    <li className="passed-days__row">
      {letters.map((letter, index) => {
        const step = stepOf(offset + index, passed);
        const name = names[index] ?? '';
        const text = t('goals.step', { name, step: t(`goals.steps.${step}`) });
        return (
          <span key={name} className={`passed-days__step passed-days__step--${step}`} title={text}>
            <span aria-hidden="true">{letter}</span>
            <span className="passed-days__text">{text}</span>
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
  const { t } = useTranslation();
  const label = goalType === 'weekly' ? t('goals.weekPassed', { passed }) : t('goals.yearPassed', { passed });
  // The letters are the names' narrow forms ('M' for Monday in en-US), in the current language.
  const [weekdays, weekdayLetters] = [weekdayNames('long'), weekdayNames('narrow')];
  const [months, monthLetters] = [monthNames('long'), monthNames('narrow')];
  return (
    <ul className={`passed-days passed-days--${goalType}`} aria-label={label}>
      {goalType === 'weekly' ? (
        <Row letters={weekdayLetters} names={weekdays} offset={0} passed={passed} />
      ) : (
        <>
          <Row letters={monthLetters.slice(0, 6)} names={months.slice(0, 6)} offset={0} passed={passed} />
          <Row letters={monthLetters.slice(6)} names={months.slice(6)} offset={6} passed={passed} />
        </>
      )}
    </ul>
  );
}
