/**
 * The one catalogue of user-facing messages for failed calls (spec shell §8, reports §8).
 * Every toast about a failed request is built here, so the texts live in one place.
 */
export const ERROR_MESSAGES = {
  badRequest: 'Invalid data received by server, please open support request',
  unauthorized: 'This user is not logged in properly, try logging out and then log in again',
  forbidden: 'User is forbidden to access this functionality',
  notFound: 'Cannot find the specified data, please open support request',
  conflict: 'Changes cannot be saved, please refresh the web page and try again',
  unknown: 'Error while trying to access the server, please try again or open support request',
  network: 'Cannot connect to the server, please wait and try again',
  authenticationFailed: 'User authentication failed',
  reportLoadFailed: 'Error loading report data',
} as const;

/** Messages for the application codes a 5xx answer may carry ('CODE:1000' body or `code` field). */
export const CUSTOM_CODE_MESSAGES: Readonly<Record<string, string>> = {
  '1000': 'Cannot create user with the specified email, please choose another email or open support request',
};

/** Prefix of every failed-request notification. */
export const API_MESSAGE_PREFIX = 'API: ';

/** What went wrong with one request, as far as the catalogue cares. */
export type ApiFailure =
  | { kind: 'http'; status: number; body: string }
  | { kind: 'network' }
  /** Aborted by the caller or superseded by a newer request to the same URL: only logged. */
  | { kind: 'cancelled' }
  /** No token (signed out or no subject): the request was never sent. */
  | { kind: 'signed-out' };

const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: ERROR_MESSAGES.badRequest,
  401: ERROR_MESSAGES.unauthorized,
  403: ERROR_MESSAGES.forbidden,
  404: ERROR_MESSAGES.notFound,
  409: ERROR_MESSAGES.conflict,
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

/** The catalogue message for a failure, or null when the failure is silent (429, cancelled, signed out). */
export function catalogueMessage(failure: ApiFailure): string | null {
  switch (failure.kind) {
    case 'cancelled':
    case 'signed-out':
      return null;
    case 'network':
      return ERROR_MESSAGES.network;
    case 'http': {
      if (failure.status === 429) return null;
      if (failure.status >= 500) {
        const code = customErrorCode(failure.body);
        return (code !== null ? CUSTOM_CODE_MESSAGES[code] : undefined) ?? ERROR_MESSAGES.unknown;
      }
      return STATUS_MESSAGES[failure.status] ?? ERROR_MESSAGES.unknown;
    }
  }
}

/** The toast text for a failed request ('API: ' + catalogue message), or null when nothing is shown. */
export function failureNotification(failure: ApiFailure): string | null {
  const message = catalogueMessage(failure);
  return message === null ? null : `${API_MESSAGE_PREFIX}${message}`;
}
