import type { Kysely } from 'kysely';
import { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../db/schema.ts';
import {
  choiceOfInteraction,
  chosenTenantOfSession,
  hasChoiceForLogin,
  issuePickerToken,
} from '../super-users/picker-store.ts';
import { findIdpAccount, type IdpAccount } from './account-claims.ts';

/**
 * The super-user tenant step of a sign-in (spec shell §2 "Super-user tenant picker", §6 super users; issue #28 item 2).
 *
 * A custom prompt of the provider's interaction policy, after login and before consent: a super user's sign-in is not
 * finished until they have picked the tenant to act in. Its interaction sends the browser to the portal's /superUser
 * page with a short-lived, single-use sessionToken; the page's login-callback records the choice and hands the browser
 * back to the interaction, which then resolves the prompt. Tokens of that provider session carry the chosen tenant.
 * The prompt is requestable: 'Switch Customer' asks for `prompt=select_tenant` and passes through the picker again
 * without a new password.
 */
export const SELECT_TENANT_PROMPT = 'select_tenant';

async function isSuperUser(db: Kysely<Database>, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('is_super_user').where('id', '=', accountId).executeTakeFirst();
  return row?.is_super_user === true;
}

/** The interaction policy: login, the tenant step, consent. */
export function interactionPolicyWithTenantStep(db: Kysely<Database>): interactionPolicy.DefaultPolicy {
  const { base, Prompt, Check } = interactionPolicy;
  const policy = base();
  const tenantNotChosen = new Check(
    'tenant_not_chosen',
    'a super user picks the tenant to act in after each login',
    async (ctx: KoaContextWithOIDC) => {
      const { accountId, uid, loginTs } = ctx.oidc.session ?? {};
      if (accountId === undefined || uid === undefined || loginTs === undefined) return Check.NO_NEED_TO_PROMPT;
      if (!(await isSuperUser(db, accountId))) return Check.NO_NEED_TO_PROMPT;
      return !(await hasChoiceForLogin(db, uid, loginTs));
    },
  );
  // The prompt's details: the provider session's login time (epoch seconds) the choice is for; each new login picks again.
  const details = (ctx: KoaContextWithOIDC): Record<string, unknown> => ({ loginTs: ctx.oidc.session?.loginTs ?? 0 });
  const loginIndex = policy.findIndex((prompt) => prompt.name === 'login');
  policy.add(new Prompt({ name: SELECT_TENANT_PROMPT, requestable: true }, details, tenantNotChosen), loginIndex + 1);
  return policy;
}

/** The tenant step's interaction as the interaction routes see it. */
export interface TenantStepInteraction {
  uid: string;
  session?: { accountId: string; uid?: string } | undefined;
  prompt: { details: Record<string, unknown> };
}

/** Where the tenant step sends the browser: finish the step (with the chosen tenant, if any) or open the picker. */
export type TenantStepOutcome = { kind: 'finish'; tenantId: string | null } | { kind: 'picker'; url: string };

/**
 * Decides the tenant step: a user who is not a super user (a requested prompt) finishes at once in their own tenant;
 * a super user who chose in this step finishes with that tenant; otherwise the picker opens with a new sessionToken.
 */
export async function nextTenantStep(
  db: Kysely<Database>,
  interaction: TenantStepInteraction,
  options: { portalUrl: string; now: Date },
): Promise<TenantStepOutcome> {
  const session = interaction.session;
  if (session?.uid === undefined || !(await isSuperUser(db, session.accountId))) {
    return { kind: 'finish', tenantId: null };
  }
  const chosen = await choiceOfInteraction(db, interaction.uid);
  if (chosen !== null) return { kind: 'finish', tenantId: chosen };
  const loginTs = Number(interaction.prompt.details['loginTs']);
  const sessionToken = await issuePickerToken(
    db,
    { userId: session.accountId, interactionUid: interaction.uid, sessionUid: session.uid, loginTs },
    options.now,
  );
  const url = new URL(`${options.portalUrl}/superUser`);
  url.search = new URLSearchParams({ sessionToken, state: interaction.uid }).toString();
  return { kind: 'picker', url: url.href };
}

/**
 * The account a token speaks for: a super user acts in the tenant their provider session chose (keeping their own
 * e-mail as original_user_email); everyone else in their own tenant.
 */
export async function findActingAccount(
  db: Kysely<Database>,
  accountId: string,
  sessionUid: string | undefined,
): Promise<IdpAccount | null> {
  const account = await findIdpAccount(db, accountId);
  if (account === null || !account.isSuperUser) return account;
  const chosen = sessionUid === undefined ? null : await chosenTenantOfSession(db, sessionUid);
  return {
    ...account,
    originalUserEmail: account.email,
    ...(chosen === null ? {} : { tenantId: chosen.id, tenantName: chosen.name }),
  };
}
