/** Page that receives the provider's answer and hands it to the app (redirect.html, see TOOLCHAIN-NOTES "Sign-in"). */
export const REDIRECT_BRIDGE_PATH = '/redirect.html';
/** Where the bridge returns after sign-in: the callback screen finishes it and goes home. */
export const CALLBACK_PATH = '/callback';
/**
 * The super-user tenant picker (spec shell §2): the identity provider sends a super user there in the middle of a
 * sign-in, before MSAL has its answer.
 */
export const SUPER_USER_PICKER_PATH = '/superUser';
/** The identity provider's prompt that runs its tenant step again (Switch Customer; src/server/idp/tenant-step.ts). */
export const SELECT_TENANT_PROMPT = 'select_tenant';
