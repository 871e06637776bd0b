import type { ParseKeys } from 'i18next';
import { t } from '../i18n/i18n.ts';

/**
 * The one catalogue of user-facing messages for failed calls (spec shell §8, reports §8). Every toast about a failed
 * request is built here; the texts are `errors.*` of `src/i18n/locales/<language>/common.json` (en-US: the spec's words).
 */

/** The keys of the messages for the application codes a 5xx answer may carry ('CODE:1000' body or `code` field). */
const CUSTOM_CODE_KEYS: Readonly<Record<string, ParseKeys>> = {
  '1000': 'errors.code1000',
};

/** What went wrong with one request, as far as the catalogue cares. */
export type ApiFailure =
  | { kind: 'http'; status: number; body: string }
  | { kind: 'network' }
  /** Aborted by the caller or superseded by a newer request to the same URL: only logged. */
  | { kind: 'cancelled' }
  /** No token (signed out or no subject): the request was never sent. */
  | { kind: 'signed-out' };

const STATUS_KEYS: Readonly<Record<number, ParseKeys>> = {
  400: 'errors.badRequest',
  401: 'errors.unauthorized',
  403: 'errors.forbidden',
  404: 'errors.notFound',
  409: 'errors.conflict',
};

/** Reads the application code of a 5xx body: a text body 'CODE:1000…' or a JSON body with `code`. */
export function customErrorCode(body: string): string | null {
  const text = body.trim();
  const prefixed = /^CODE:\s*(\w+)/.exec(text);
  if (prefixed) return prefixed[1] ?? null;
  if (!text.startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const code = (parsed as { code?: unknown }).code;
    if (typeof code === 'string' || typeof code === 'number') return String(code);
  } catch {
    // Not JSON after all: no code.
  }
  return null;
}

/** The key of the catalogue message for a failure, or null when the failure is silent (429, cancelled, signed out). */
function catalogueKey(failure: ApiFailure): ParseKeys | null {
  switch (failure.kind) {
    case 'cancelled':
    case 'signed-out':
      return null;
    case 'network':
      return 'errors.network';
    case 'http': {
      if (failure.status === 429) return null;
      if (failure.status >= 500) {
        const code = customErrorCode(failure.body);
        return (code !== null ? CUSTOM_CODE_KEYS[code] : undefined) ?? 'errors.unknown';
      }
      return STATUS_KEYS[failure.status] ?? 'errors.unknown';
    }
  }
}

/** The catalogue message for a failure in the current language, or null when the failure is silent. */
export function catalogueMessage(failure: ApiFailure): string | null {
  const key = catalogueKey(failure);
  return key === null ? null : t(key);
}

/** The toast text for a failed request ('API: ' + catalogue message), or null when nothing is shown. */
export function failureNotification(failure: ApiFailure): string | null {
  const message = catalogueMessage(failure);
  return message === null ? null : t('errors.apiPrefix', { message });
}
