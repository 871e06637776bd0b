/** Role strings carried in the access token's roles claim (spec shell §3 "Permission numbers"). */
export const ROLE = {
  Admin: 'admin',
  GoalsSetter: 'goals-setter',
  Scheduler: 'email-scheduler',
  ManageApi: 'api-user',
  Certificate: 'certificate-enabled',
  ReadOnly: 'read-only',
} as const;

export type Role = (typeof ROLE)[keyof typeof ROLE];

export const ALL_ROLES: readonly Role[] = Object.values(ROLE);

/** Permission numbers of spec shell §3, keyed by role string. */
export const PERMISSION_NUMBER: Readonly<Record<Role, number>> = {
  [ROLE.Admin]: 1,
  [ROLE.Scheduler]: 2,
  [ROLE.GoalsSetter]: 4,
  [ROLE.ManageApi]: 5,
  [ROLE.Certificate]: 6,
  [ROLE.ReadOnly]: 7,
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ALL_ROLES as readonly string[]).includes(value);
}

export function hasRole(roles: readonly string[], role: Role): boolean {
  return roles.includes(role);
}
