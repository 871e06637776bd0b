import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge';

// redirect.html: hands the provider's answer to the app (redirect sign-in) or to the waiting frame (silent renewal).
broadcastResponseToMainFrame().catch((error: unknown) => {
  console.error('Sign-in answer could not be delivered', error);
  window.location.replace('/');
});
