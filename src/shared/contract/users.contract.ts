import { Type, type Static } from 'typebox';
import { ALL_ROLES } from '../auth/roles.ts';
import { Closed, Nullable, NullableString, StringEnum, SystemGroupSchema } from './primitives.ts';

/** Contract of /api/users/* (spec shell §3, §7). */

/** GET /api/users/profile-data — the "App user" entity of spec shell §3. */
export const ProfileDataSchema = Closed(
  {
    id: Type.String(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    profilePictureUrl: NullableString(),
    /** Role strings of the user. */
    permissions: Type.Array(Type.String()),
    reportTypes: Type.Array(Type.String()),
    userAgreementVersion: NullableString(),
    userAgreement: Type.Boolean(),
    isSuperUser: Type.Boolean(),
    tenantId: Type.String(),
    tenantName: Type.String(),
    localeCode: NullableString(),
  },
  { $id: 'ProfileData' },
);
export type ProfileData = Static<typeof ProfileDataSchema>;

const LengthUnitsSchema = StringEnum(['Yard', 'Meter']);
const RtrMetricUnitSchema = StringEnum(['Linear', 'Square']);

/** How Systems Analysis lists the systems: a table or cards (spec reports §2). */
export const SystemsAnalysisViewSchema = StringEnum(['table', 'cards']);
export type SystemsAnalysisView = Static<typeof SystemsAnalysisViewSchema>;

/** GET /api/users/user-settings — the "User settings" entity of spec shell §3. */
export const UserSettingsSchema = Closed(
  {
    userSystemGroup: Type.Array(SystemGroupSchema),
    defaultSystemGroup: Nullable(SystemGroupSchema),
    lengthUnits: LengthUnitsSchema,
    volumeUnits: Type.String(),
    rtrMetricUnit: RtrMetricUnitSchema,
    portalLanguage: Type.String(),
    realTimeRefreshRateSeconds: Type.Integer(),
    /** The view Systems Analysis opens in (our own field; spec reports §2: the user's preference, 'table' by default). */
    systemsAnalysisView: SystemsAnalysisViewSchema,
    tenantName: Type.String(),
    importedTenantId: Type.String(),
    office: Type.String(),
    accountType: Type.String(),
  },
  { $id: 'UserSettings' },
);
export type UserSettings = Static<typeof UserSettingsSchema>;

/** POST /api/users/user-settings — settings without userSystemGroup (spec shell §7), plus our systemsAnalysisView. */
export const UserSettingsUpdateSchema = Closed({
  defaultSystemGroup: Type.Optional(Nullable(SystemGroupSchema)),
  lengthUnits: Type.Optional(LengthUnitsSchema),
  rtrMetricUnit: Type.Optional(RtrMetricUnitSchema),
  portalLanguage: Type.Optional(Type.String({ minLength: 1, maxLength: 35 })),
  systemsAnalysisView: Type.Optional(SystemsAnalysisViewSchema),
});
export type UserSettingsUpdate = Static<typeof UserSettingsUpdateSchema>;

/** POST /api/users/agreement */
export const AgreementUpdateSchema = Closed({
  version: Type.String({ minLength: 1, maxLength: 20 }),
  isApproved: Type.Boolean(),
});
export type AgreementUpdate = Static<typeof AgreementUpdateSchema>;

/** POST /api/users/locale */
export const LocaleUpdateSchema = Closed({ localeCode: Type.String({ minLength: 1, maxLength: 35 }) });
export type LocaleUpdate = Static<typeof LocaleUpdateSchema>;

/** GET /api/users/extended — one user of the tenant as Account Management lists it (spec shell §3 "User (as listed)"). */
export const ListedUserSchema = Closed({
  id: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  /** Role strings (see src/shared/auth/roles.ts; PERMISSION_NUMBER maps them to the spec's numbers). */
  permissions: Type.Array(Type.String()),
  isRootUser: Type.Boolean(),
  isShadowUser: Type.Boolean(),
  profilePictureUrl: NullableString(),
  /** Scope: empty lists together mean every system of the tenant. */
  customerIds: Type.Array(Type.String()),
  siteIds: Type.Array(Type.String()),
  systemIds: Type.Array(Type.String()),
  localeCode: NullableString(),
});
export type ListedUser = Static<typeof ListedUserSchema>;

export const ListedUsersSchema = Type.Array(ListedUserSchema, { $id: 'ListedUsers' });

/** GET /api/users/extended query: a text applied when it has at least 2 characters (spec shell §2 "Account Management"). */
export const UsersQuerySchema = Closed({
  search: Type.Optional(Type.String({ maxLength: 100 })),
});
export type UsersQuery = Static<typeof UsersQuerySchema>;

/** The fewest characters of a user-list search that filter the list (spec shell §2). */
export const USER_SEARCH_MIN_CHARS = 2;

/** First and last name: required, at most 100 characters, letters and spaces only (spec shell §5). */
const PersonName = () =>
  Type.String({ minLength: 1, maxLength: 100, pattern: '^[\\p{L}\\p{M} ]*\\p{L}[\\p{L}\\p{M} ]*$' });

/** The largest avatar upload, in bytes of the decoded image (spec shell §5, §9). */
export const AVATAR_MAX_BYTES = 102_400;

/**
 * The avatar of a save payload (spec shell §3 "avatar (avatarUrl, avatarBase64)"):
 * - `avatarBase64`: a new picture, JPG or PNG (checked by its bytes), at most AVATAR_MAX_BYTES decoded, with or
 *   without a `data:image/…;base64,` prefix. The server resizes it to 128 × 128 (cover) and stores it. Refused with a
 *   400 whose message contains 'userAvatarUpload.warning' and the reason (too large, not JPG/PNG, unreadable).
 * - `avatarUrl` without `avatarBase64`: the user's current profilePictureUrl keeps the picture; null or '' removes it;
 *   any other URL is a 400 (the server fetches no pictures from elsewhere).
 * No `avatar` at all keeps the picture.
 *
 * The stored picture's URL becomes the user's `profilePictureUrl`: `/api/users/{id}/avatar?v=<etag>`, relative to the
 * API base. It needs the bearer token like every API call (an `<img src>` cannot send it: fetch it with the API client
 * and show it as an object URL); the answer is immutable for its `v`, with an ETag.
 */
export const UserAvatarInputSchema = Closed({
  avatarUrl: Type.Optional(NullableString({ maxLength: 2048 })),
  avatarBase64: Type.Optional(NullableString({ maxLength: 400_000 })),
});
export type UserAvatarInput = Static<typeof UserAvatarInputSchema>;

/**
 * One user as Account Management saves it (spec shell §3 "Save payload"): without `id` a new user (create, or a
 * duplicate, whose id the form clears), with `id` the edit of an existing one, whose e-mail cannot change.
 * Roles are the role strings of src/shared/auth/roles.ts; the scope lists are ids of /api/data/customers|sites|systems,
 * all empty meaning every system of the tenant. `avatar`: see UserAvatarInputSchema. `profilePictureUrl` is accepted
 * because the spec's payload carries it, and ignored: the server sets it from the stored picture.
 */
export const UserSaveSchema = Closed({
  id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  firstName: PersonName(),
  lastName: PersonName(),
  email: Type.String({ minLength: 3, maxLength: 256, format: 'email' }),
  permissions: Type.Array(StringEnum(ALL_ROLES), { uniqueItems: true, maxItems: ALL_ROLES.length }),
  customerIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { uniqueItems: true, maxItems: 1000 }),
  siteIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { uniqueItems: true, maxItems: 1000 }),
  systemIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { uniqueItems: true, maxItems: 10_000 }),
  avatar: Type.Optional(UserAvatarInputSchema),
  profilePictureUrl: Type.Optional(NullableString({ maxLength: 2048 })),
});
export type UserSave = Static<typeof UserSaveSchema>;

/** POST /api/users: a list of one user (spec shell §7). */
export const UsersSaveRequestSchema = Type.Array(UserSaveSchema, { minItems: 1, maxItems: 1, $id: 'UsersSaveRequest' });

/** DELETE /api/users/:id */
export const UserIdParamsSchema = Closed({ id: Type.String({ minLength: 1, maxLength: 100 }) });

/** The application code of a 5xx answer for an e-mail another user already has (spec shell §8, code 1000). */
export const EMAIL_IN_USE_CODE = '1000';
