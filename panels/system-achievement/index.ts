import { definePanel } from '../../src/runtime/panel-definition.ts';
import { SYSTEM_ACHIEVEMENT_ANSWERS, selectSystemAchievement } from './model.ts';
import { SystemAchievementOptionsSchema } from './options.ts';

/** The system-achievement kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'system-achievement',
  title: 'System achievement',
  description: "One printer's impressions against its shift targets, in total and per hour or day.",
  optionsSchema: SystemAchievementOptionsSchema,
  answers: SYSTEM_ACHIEVEMENT_ANSWERS,
  minSize: { w: 4, h: 4 },
  drawsOwnTitle: false,
  placeholder: 'chart',
  selectData: selectSystemAchievement,
  load: () => import('./SystemAchievementPanel.tsx').then((module) => module.SystemAchievementPanel),
});
