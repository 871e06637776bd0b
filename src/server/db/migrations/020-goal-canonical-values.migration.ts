/**
 * Goals are entered as whole numbers in the user's unit and stored canonically (src/shared/units/goal-units.ts): DTF
 * goals in metres, so a goal of 1,000 yd is stored as 914.4 m. The value column therefore takes fractions; its range
 * check (above 0, at most 10,000,000) still holds, since a yard or a foot is shorter than a metre.
 * `modified_by` holds the id of the user who set the goal (users.id of the same tenant).
 */
export const name = '020-goal-canonical-values';

export const up = `
ALTER TABLE goals ALTER COLUMN goal_value TYPE double precision;
`;
