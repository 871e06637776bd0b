import { useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoals, useSaveGoal, type GoalEntry } from '../../../api/goals.ts';
import { useUserSettings } from '../../../api/user-settings.ts';
import { GOAL_PERIOD } from '../../../shared/contract/goals.contract.ts';
import { t as translate } from '../../../i18n/i18n.ts';
import { notifications } from '../../notifications/notification.service.ts';
import { LoadingScreen } from '../../LoadingScreen.tsx';
import { GoalsView } from './GoalsView.tsx';
import './goals-texts.ts';
import '../pages.css';
import './GoalsPage.css';

/**
 * /goals (spec shell §2): the weekly and yearly goal of each of the user's groups on the browser's clock. A failed save
 * is reported by the API client's error toast (spec shell §8); a saved one by 'Goal saved'.
 */
export function GoalsPage(): JSX.Element {
  const { t } = useTranslation();
  const goals = useGoals();
  const settings = useUserSettings();
  const save = useSaveGoal();
  const [saving, setSaving] = useState<string | null>(null);
  const onSave = async (entry: GoalEntry): Promise<boolean> => {
    setSaving(`${entry.systemGroup}-${entry.goalPeriod === GOAL_PERIOD.weekly ? 'weekly' : 'yearly'}`);
    try {
      await save.mutateAsync(entry);
      // Spec shell §7 'goalSaved', §8 "goal saved".
      notifications.success(translate('goals.goalSaved'));
      return true;
    } catch {
      return false;
    } finally {
      setSaving(null);
    }
  };
  return (
    <section className="page goals-page">
      <h1 className="page__title goals-page__title">
        <i className="pi pi-flag" aria-hidden="true" /> {t('goals.title')}
      </h1>
      {goals.data === undefined || settings.data === undefined ? (
        <LoadingScreen />
      ) : (
        <GoalsView goals={goals.data} lengthUnits={settings.data.lengthUnits} onSave={onSave} saving={saving} />
      )}
    </section>
  );
}
