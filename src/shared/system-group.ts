/** The three printer system groups (spec reports §1). */
export const SYSTEM_GROUPS = ['DTG', 'DTF', 'Apollo'] as const;
export type SystemGroup = (typeof SYSTEM_GROUPS)[number];

export function isSystemGroup(value: unknown): value is SystemGroup {
  return typeof value === 'string' && (SYSTEM_GROUPS as readonly string[]).includes(value);
}
