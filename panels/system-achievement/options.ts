import type { Static } from 'typebox';
import { panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';

/** The options of a system-achievement panel (a layout's `panels.<id>.options`). */
export const SystemAchievementOptionsSchema = panelOptionsSchema({
  title: 'System achievement options',
  description:
    "One printer's impressions against its shift targets in the period (coloured 0–50 red, over 50–75 yellow, above 75 green; '--' without targets) and per hour or day, the target drawn as an outline behind the impressions. Answer: SystemAchievement. No options.",
});

export type SystemAchievementOptions = Static<typeof SystemAchievementOptionsSchema>;
