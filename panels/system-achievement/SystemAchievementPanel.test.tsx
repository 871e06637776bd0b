import { screen } from '@testing-library/react';
import { renderPanel } from '../../src/runtime/panel-sdk-testing.tsx';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACHIEVEMENT_ANSWER, SYSTEM_ACHIEVEMENT_OPTIONS } from './fixtures.ts';
import { t } from '../../src/runtime/panel-sdk-text.ts';
import { achievementDetail, selectSystemAchievement, type SystemAchievementData } from './model.ts';
import { SystemAchievementPanel } from './SystemAchievementPanel.tsx';

describe('system-achievement model', () => {
  it('shows impressions against the target as a percentage with the threshold colour', () => {
    const data = selectSystemAchievement(SYSTEM_ACHIEVEMENT_ANSWER);
    // 1,240 / 1,419 = 87.39 %: green (above 75, spec reports §9).
    expect(data).toMatchObject({ achievement: '87.39%', colour: '#137A29' });
    expect(data === null ? null : achievementDetail(data, t)).toBe('1.2k of 1.4k imp target');
    expect(data?.bars).toHaveLength(24);
    expect(data?.bars[12]).toMatchObject({ label: '12 PM', impressionsPercent: 0, colour: '#FF404F' });
  });

  it('is empty with neither impressions nor target', () => {
    expect(selectSystemAchievement({ ...SYSTEM_ACHIEVEMENT_ANSWER, impressions: 0, target: 0 })).toBeNull();
  });
});

describe('SystemAchievementPanel', () => {
  it('draws the total and the hours', () => {
    const data = selectSystemAchievement(SYSTEM_ACHIEVEMENT_ANSWER) as SystemAchievementData;
    renderPanel(SystemAchievementPanel, { options: SYSTEM_ACHIEVEMENT_OPTIONS, data, title: 'Achievement' });
    expect(screen.getByText('87.39%')).toBeDefined();
    expect(screen.getByText('3 AM: 0 of 0 imp')).toBeDefined();
  });
});
