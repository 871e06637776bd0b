/** Page that receives the provider's answer and hands it to the app (redirect.html, see TOOLCHAIN-NOTES "Sign-in"). */
export const REDIRECT_BRIDGE_PATH = '/redirect.html';
/** Where the bridge returns after sign-in: the callback screen finishes it and goes home. */
export const CALLBACK_PATH = '/callback';
