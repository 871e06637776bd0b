import { acceptedLanguages, serverTexts, type LanguageTexts } from '../i18n/server-texts.ts';

/**
 * The language of an identity-provider page: the first offered of the sign-in request's `ui_locales` (OpenID Connect
 * Core §3.1.2.1, space-separated, most wanted first), else of the browser's `Accept-Language`, else en-US. Nobody is
 * signed in yet, so no saved setting can answer.
 */
export function idpTexts(request: {
  uiLocales?: unknown;
  acceptLanguage?: string | string[] | undefined;
}): LanguageTexts {
  const texts = serverTexts();
  const uiLocales = typeof request.uiLocales === 'string' ? request.uiLocales.split(/\s+/) : [];
  const header = Array.isArray(request.acceptLanguage) ? request.acceptLanguage.join(',') : request.acceptLanguage;
  return texts.of(texts.pick([...uiLocales, ...acceptedLanguages(header)]));
}
