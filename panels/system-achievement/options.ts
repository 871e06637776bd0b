import { Type, type Static } from 'typebox';

/**
 * The options of a system-achievement panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const SystemAchievementOptionsSchema = Type.Object(
  {},
  {
    title: 'System achievement options',
    description:
      "One printer's impressions against its shift targets in the period (coloured 0–50 red, over 50–75 yellow, above 75 green; '--' without targets) and per hour or day, the target drawn as an outline behind the impressions. Answer: SystemAchievement. No options.",
    additionalProperties: false,
  },
);

export type SystemAchievementOptions = Static<typeof SystemAchievementOptionsSchema>;
