import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { ListedUser, UserSave } from '../../shared/contract/users.contract.ts';
import { USER_SEARCH_MIN_CHARS } from '../../shared/contract/users.contract.ts';
import { hasRole, ROLE } from '../../shared/auth/roles.ts';
import type { Database, UsersTable } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { CurrentUser } from './current-user.ts';
import { checkGrantedScope } from './granted-scope.ts';

/**
 * Account Management on the server (spec shell §2, §5, §6): the tenant's users as an admin lists, saves and deletes them.
 * Every function runs in the caller's tenant transaction (request.tenantDb), so another tenant's user is simply not found.
 */

export function listedUser(row: Selectable<UsersTable>): ListedUser {
  return {
    id: row.id,
    firstname: row.first_name,
    lastname: row.last_name,
    email: row.email,
    permissions: row.roles,
    isRootUser: row.is_root_user,
    isShadowUser: row.is_shadow_user,
    profilePictureUrl: row.profile_picture_url,
    customerIds: row.customer_ids,
    siteIds: row.site_ids,
    systemIds: row.system_ids,
    localeCode: row.locale,
  };
}

/** `text` with LIKE's wildcards escaped, so a search for '50%' looks for those characters. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The tenant's users without shadow users, by last then first name. A search of at least 2 characters (after trimming)
 * keeps the users whose first or last name contains it, case-insensitively; a shorter one lists everybody.
 */
export async function listUsers(db: Kysely<Database>, tenantId: string, search = ''): Promise<ListedUser[]> {
  const text = search.trim();
  let query = db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_shadow_user', '=', false)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id');
  if (text.length >= USER_SEARCH_MIN_CHARS) {
    const pattern = `%${likeLiteral(text)}%`;
    query = query.where((eb) => eb.or([eb('first_name', 'ilike', pattern), eb('last_name', 'ilike', pattern)]));
  }
  return (await query.execute()).map(listedUser);
}

/** A user of the tenant an admin may manage: shadow users are as hidden here as in the list (404). */
export async function managedUser(db: Kysely<Database>, tenantId: string, id: string): Promise<Selectable<UsersTable>> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_shadow_user', '=', false)
    .executeTakeFirst();
  // The id is not echoed: an answer for another tenant's id must read exactly like one for an id that never existed.
  if (row === undefined) throw new HttpError(404, 'The user does not exist in this tenant');
  return row;
}

/**
 * The roles of `granted` the admin does not hold themselves: an admin grants at most their own roles. ReadOnly takes
 * rights away rather than giving any (spec shell §6: no Scheduler, Settings, Goals, API or Account entries), so every
 * admin may give it, and keep it on a read-only user they edit.
 */
function rolesBeyond(granted: readonly string[], own: readonly string[]): string[] {
  return granted.filter((role) => role !== ROLE.ReadOnly && !own.includes(role));
}

/**
 * Refuses (403) an admin the management of a user who holds roles or scope beyond the admin's own: an admin grants at
 * most what they hold, so they cannot narrow, strip or delete a user who has more (a site admin and the root user).
 */
async function checkWithinReach(
  db: Kysely<Database>,
  admin: CurrentUser,
  adminRoles: readonly string[],
  user: Selectable<UsersTable>,
): Promise<void> {
  const beyond = new HttpError(403, 'An admin cannot manage a user who holds more roles or scope than they do');
  if (rolesBeyond(user.roles, adminRoles).length > 0) throw beyond;
  const scope = { customerIds: user.customer_ids, siteIds: user.site_ids, systemIds: user.system_ids };
  await checkGrantedScope(db, admin.scope, scope).catch((error: unknown) => {
    throw error instanceof HttpError && error.statusCode === 403 ? beyond : error;
  });
}

/**
 * Creates (no id) or updates (id) one user and returns it as listed. The caller is an Admin of the tenant (`admin`),
 * holding `adminRoles`. Refuses (403) roles or scope beyond the admin's, editing a user who holds more than the admin
 * (checkWithinReach), and demoting the root user; 404 for an
 * unknown or foreign user or scope id; 400 for an e-mail changed on edit. A new user has no password: they cannot sign
 * in until they set one through an invitation.
 */
export async function saveUser(
  db: Kysely<Database>,
  admin: CurrentUser,
  adminRoles: readonly string[],
  user: UserSave,
): Promise<ListedUser> {
  const tenantId = admin.scope.tenantId;
  const extraRoles = rolesBeyond(user.permissions, adminRoles);
  if (extraRoles.length > 0) {
    throw new HttpError(403, `An admin cannot grant roles they do not hold: ${extraRoles.join(', ')}`);
  }
  const granted = { customerIds: user.customerIds, siteIds: user.siteIds, systemIds: user.systemIds };
  await checkGrantedScope(db, admin.scope, granted);
  const fields = {
    first_name: user.firstName,
    last_name: user.lastName,
    roles: user.permissions,
    customer_ids: user.customerIds,
    site_ids: user.siteIds,
    system_ids: user.systemIds,
  };

  if (user.id === undefined) {
    const row = await db
      .insertInto('users')
      .values({ id: randomUUID(), tenant_id: tenantId, email: user.email.trim(), password_hash: null, ...fields })
      .returningAll()
      .executeTakeFirstOrThrow();
    return listedUser(row);
  }

  const existing = await managedUser(db, tenantId, user.id);
  await checkWithinReach(db, admin, adminRoles, existing);
  if (existing.email.toLowerCase() !== user.email.trim().toLowerCase()) {
    throw new HttpError(400, 'body/0/email cannot change: a user keeps the e-mail they were created with');
  }
  if (existing.is_root_user && !hasRole(user.permissions, ROLE.Admin)) {
    throw new HttpError(403, 'The root user keeps the admin role');
  }
  const row = await db
    .updateTable('users')
    .set(fields)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return listedUser(row);
}

/**
 * Deletes a user of the tenant with their settings, agreement and e-mail reports; the root user stays (403), and so
 * does a user who holds more than the admin (checkWithinReach).
 */
export async function deleteUser(
  db: Kysely<Database>,
  admin: CurrentUser,
  adminRoles: readonly string[],
  id: string,
): Promise<void> {
  const tenantId = admin.scope.tenantId;
  const existing = await managedUser(db, tenantId, id);
  if (existing.is_root_user) throw new HttpError(403, 'The root user cannot be deleted');
  await checkWithinReach(db, admin, adminRoles, existing);
  await db.deleteFrom('users').where('tenant_id', '=', tenantId).where('id', '=', existing.id).execute();
}
