import { Type, type Static } from 'typebox';
import { panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';

/** The options of a goals panel (a layout's `panels.<id>.options`). */
export const GoalsOptionsSchema = panelOptionsSchema(
  {
    title: 'Goals options',
    description:
      'Goals and achievements (spec reports §2 Overview): the weekly and yearly goal with completed production and percentage, progress bars of 7 (week) and 12 (year) segments coloured by the §9 thresholds, and the week record. Binds to /api/overview-report/achievements.',
  },
  {
    goals: Type.Array(Type.Enum(['weekly', 'yearly']), {
      description: 'Goals shown, in order.',
      minItems: 1,
      uniqueItems: true,
    }),
    showRecord: Type.Optional(Type.Boolean({ description: 'Show the week record of the year. Default true.' })),
  },
);

export type GoalsOptions = Static<typeof GoalsOptionsSchema>;
