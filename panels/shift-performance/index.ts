import { definePanel } from '../../src/runtime/panel-definition.ts';
import { SHIFT_PERFORMANCE_ANSWERS, selectShiftPerformance } from './model.ts';
import { ShiftPerformanceOptionsSchema } from './options.ts';

/** The shift-performance kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'shift-performance',
  title: 'Shift performance',
  description:
    "The TV dashboard's current shift (type, start) or its impressions against the target with the percentage; over a week or range, the period's shifts. In large high-contrast type.",
  optionsSchema: ShiftPerformanceOptionsSchema,
  answers: SHIFT_PERFORMANCE_ANSWERS,
  minSize: { w: 2, h: 3 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: selectShiftPerformance,
  load: () => import('./ShiftPerformancePanel.tsx').then((module) => module.ShiftPerformancePanel),
});
