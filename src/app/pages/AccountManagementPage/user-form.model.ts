import { ROLE, type Role } from '../../../shared/auth/roles.ts';
import type { ListedUser, UserSave } from '../../../shared/contract/users.contract.ts';
import { EVERYTHING, isEverything, type ScopeIds } from './scope-tree.model.ts';

/** The user form of spec shell §3: names, e-mail, role switches, scope and avatar. */
export interface UserForm {
  /** null: a new user (create, or a duplicate, whose id is cleared). */
  id: string | null;
  firstname: string;
  lastname: string;
  email: string;
  setGoals: boolean;
  createReports: boolean;
  adminPermissions: boolean;
  manageApi: boolean;
  /** Spec shell §3, §6: the form's "isRootUser" flag, which maps to the Certificate permission. */
  certificate: boolean;
  /** The user edited is the tenant's root user: the admin switch cannot change (spec shell §5). */
  isRootUser: boolean;
  /** Roles the form has no switch for (read-only), kept as they are. */
  otherRoles: string[];
  scope: ScopeIds;
  /** The picture shown (the saved one, or the chosen file as a data URL) and the chosen file's base64, to upload. */
  avatar: { avatarUrl: string | null; avatarBase64: string | null };
}

export type UserFormField = 'firstname' | 'lastname' | 'email';

/** The form's switches and the role each grants (spec shell §3 "Permission numbers", §6). */
export const ROLE_SWITCHES = {
  setGoals: ROLE.GoalsSetter,
  createReports: ROLE.Scheduler,
  adminPermissions: ROLE.Admin,
  manageApi: ROLE.ManageApi,
  certificate: ROLE.Certificate,
} as const satisfies Record<string, Role>;

export type RoleSwitch = keyof typeof ROLE_SWITCHES;

const SWITCH_ROLES: readonly string[] = Object.values(ROLE_SWITCHES);

export function newUserForm(): UserForm {
  return {
    id: null,
    firstname: '',
    lastname: '',
    email: '',
    setGoals: false,
    createReports: false,
    adminPermissions: false,
    manageApi: false,
    certificate: false,
    isRootUser: false,
    otherRoles: [],
    scope: EVERYTHING,
    avatar: { avatarUrl: null, avatarBase64: null },
  };
}

export function userFormOf(user: ListedUser): UserForm {
  const has = (role: string) => user.permissions.includes(role);
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    setGoals: has(ROLE_SWITCHES.setGoals),
    createReports: has(ROLE_SWITCHES.createReports),
    adminPermissions: has(ROLE_SWITCHES.adminPermissions),
    manageApi: has(ROLE_SWITCHES.manageApi),
    certificate: has(ROLE_SWITCHES.certificate),
    isRootUser: user.isRootUser,
    otherRoles: user.permissions.filter((role) => !SWITCH_ROLES.includes(role)),
    scope: { customerIds: user.customerIds, siteIds: user.siteIds, systemIds: user.systemIds },
    avatar: { avatarUrl: user.profilePictureUrl, avatarBase64: null },
  };
}

/** A copy to save as a new user: no id (spec shell §4), not the root user, no picture of its own yet. */
export function duplicateUserForm(user: ListedUser): UserForm {
  return { ...userFormOf(user), id: null, isRootUser: false, avatar: { avatarUrl: null, avatarBase64: null } };
}

/** A message of the validation.* keys (spec shell §8) with its values. */
export type FieldError =
  | { key: 'validation.required' }
  | { key: 'validation.mustBeMaxChars'; max: number }
  | { key: 'validation.lettersOnly' }
  | { key: 'validation.notValidEmail' }
  | { key: 'validation.emailInUse' };

export const NAME_MAX_CHARS = 100;
export const EMAIL_MAX_CHARS = 256;

/** Letters (any script, with their marks) and spaces, at least one letter: the server's rule too. */
const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]*\p{L}[\p{L}\p{M} ]*$/u;
const EMAIL_FORMAT = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

function nameError(value: string): FieldError | null {
  if (value.trim() === '') return { key: 'validation.required' };
  if (value.length > NAME_MAX_CHARS) return { key: 'validation.mustBeMaxChars', max: NAME_MAX_CHARS };
  if (!LETTERS_AND_SPACES.test(value)) return { key: 'validation.lettersOnly' };
  return null;
}

function emailError(value: string, takenEmails: readonly string[]): FieldError | null {
  const email = value.trim();
  if (email === '') return { key: 'validation.required' };
  if (email.length > EMAIL_MAX_CHARS) return { key: 'validation.mustBeMaxChars', max: EMAIL_MAX_CHARS };
  if (!EMAIL_FORMAT.test(email)) return { key: 'validation.notValidEmail' };
  if (takenEmails.includes(email.toLowerCase())) return { key: 'validation.emailInUse' };
  return null;
}

/**
 * Spec shell §5: first and last name required, ≤ 100, letters and spaces; e-mail required, valid, ≤ 256 and not one
 * the server said is in use (`takenEmails`, lower case). An edited user's e-mail is read-only, so it is not checked.
 */
export function validateUserForm(
  form: UserForm,
  takenEmails: readonly string[],
): Partial<Record<UserFormField, FieldError>> {
  const errors: Partial<Record<UserFormField, FieldError>> = {};
  const firstname = nameError(form.firstname);
  const lastname = nameError(form.lastname);
  const email = form.id === null ? emailError(form.email, takenEmails) : null;
  if (firstname !== null) errors.firstname = firstname;
  if (lastname !== null) errors.lastname = lastname;
  if (email !== null) errors.email = email;
  return errors;
}

/** Spec shell §5: set-goals needs a scope; the root user's admin flag is fixed. */
export function disabledSwitches(form: UserForm): ReadonlySet<RoleSwitch> {
  const disabled = new Set<RoleSwitch>();
  if (isEverything(form.scope)) disabled.add('setGoals');
  if (form.isRootUser) disabled.add('adminPermissions');
  return disabled;
}

/** The save payload of spec shell §3 (names trimmed of outer spaces, e-mail trimmed). */
export function userSaveOf(form: UserForm): UserSave {
  const roles: string[] = (Object.keys(ROLE_SWITCHES) as RoleSwitch[])
    .filter((name) => form[name])
    .map((name) => ROLE_SWITCHES[name]);
  return {
    ...(form.id === null ? {} : { id: form.id }),
    firstName: form.firstname.trim(),
    lastName: form.lastname.trim(),
    email: form.email.trim(),
    permissions: [...roles, ...form.otherRoles.filter((role) => !roles.includes(role))] as Role[],
    customerIds: form.scope.customerIds,
    siteIds: form.scope.siteIds,
    systemIds: form.scope.systemIds,
    // Only a newly chosen picture is sent; without `avatar` the server keeps the stored one.
    ...(form.avatar.avatarBase64 === null ? {} : { avatar: { avatarBase64: form.avatar.avatarBase64 } }),
  };
}
