import { definePanel } from '../../src/runtime/panel-definition.ts';
import { selectGoals } from './model.ts';
import { GoalsOptionsSchema } from './options.ts';

/** The goals kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'goals',
  title: 'Goals and achievements',
  description:
    'Weekly and yearly goal with completed production, percentage, 7- and 12-segment progress bars and the week record.',
  optionsSchema: GoalsOptionsSchema,
  answers: ['Achievements'],
  minSize: { w: 3, h: 4 },
  drawsOwnTitle: true,
  placeholder: 'card',
  selectData: selectGoals,
  load: () => import('./GoalsPanel.tsx').then((module) => module.GoalsPanel),
});
