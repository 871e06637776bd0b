import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import type { GoalEntry } from '../../../api/goals.ts';
import type { GoalsResponse } from '../../../shared/api-types.ts';
import type { LengthUnits } from '../../../shared/units/length-units.ts';
import { GoalCard } from './GoalCard.tsx';
import { shownGoal } from './goal-card.model.ts';
import './goals-texts.ts';

interface GoalsViewProps {
  goals: GoalsResponse;
  lengthUnits: LengthUnits;
  onSave: (entry: GoalEntry) => Promise<boolean>;
  /** The goal being saved, `${group}-${goalType}`; null when none. */
  saving: string | null;
}

/** The cards of every group of the user: a weekly and a yearly goal each (spec shell §2 Goals page). */
export function GoalsView({ goals, lengthUnits, onSave, saving }: GoalsViewProps): JSX.Element {
  const { t } = useTranslation();
  if (goals.groups.length === 0) {
    return <p className="goals-page__empty">{t('goals.noSystems')}</p>;
  }
  return (
    <div className="goals-page__groups">
      {goals.groups.map((group) => (
        <section
          key={group.systemGroup}
          className="goals-page__group"
          aria-label={t('goals.groupGoals', { group: group.systemGroup })}
        >
          <h2 className="goals-page__group-title">{group.systemGroup}</h2>
          <div className="goals-page__cards">
            {group.goals.map((goal) => (
              <GoalCard
                key={goal.goalType}
                group={group.systemGroup}
                shown={shownGoal(goal, group.systemGroup, lengthUnits)}
                saving={saving === `${group.systemGroup}-${goal.goalType}`}
                {...(goals.canSetGoals ? { onSave } : {})}
              />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
