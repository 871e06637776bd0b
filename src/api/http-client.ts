import wretch, { type ConfiguredMiddleware, type Wretch, type WretchError } from 'wretch';
import { failureNotification, type ApiFailure } from './error-catalogue.ts';
import { isReachableStatus, observeReachability } from './connection-health.ts';

/**
 * The one wretch client every endpoint module uses. The app shell configures it once after sign-in
 * (base URL from /config.js, bearer token from MSAL, error reporting to toasts); modules call getApiClient().
 */
export interface ApiClientOptions {
  baseUrl: string;
  /** Returns a fresh access token, or null when signed out (then nothing is sent, spec reports §6). */
  getAccessToken: () => Promise<string | null>;
  /** Receives the catalogue message of a failed request (already prefixed 'API: '); 429 never reaches it. */
  onError: (message: string, status: number | null) => void;
}

/** A failed call as endpoint callers (react-query) see it: the failure plus the toast text already reported. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly failure: ApiFailure;
  readonly status: number | null;

  constructor(failure: ApiFailure, message: string, options?: ErrorOptions) {
    super(message, options);
    this.failure = failure;
    this.status = failure.kind === 'http' ? failure.status : null;
  }
}

/** Thrown before sending when there is no access token: calls are made only for a signed-in user with a subject. */
class SignedOutError extends Error {
  override name = 'SignedOutError';
}

let options: ApiClientOptions | null = null;

/**
 * An outage (no answer, a timeout, a gateway's 502/503/504) was reported since the API last answered: further outage
 * failures stay silent until it answers again, so a page's polls do not pile up toasts while the portal is away.
 */
let outageReported = false;

export function configureApiClient(next: ApiClientOptions): void {
  options = next;
  outageReported = false;
}

/** Every request gives up when its answer has not begun by then: a poll must not hang while the portal is away. */
export const REQUEST_TIMEOUT_MS = 20_000;

/** A request given up after REQUEST_TIMEOUT_MS: a network failure to the catalogue (its name is not 'AbortError'). */
class RequestTimeoutError extends Error {
  override name = 'TimeoutError';
}

/**
 * Aborts a request after REQUEST_TIMEOUT_MS (with the caller's and the same-URL signals still in force), and notes
 * when the API answers again (see `outageReported`). The abort's reason is a TimeoutError, so the reachability
 * observer inside it counts a timeout as a failure, not as a cancellation.
 */
const abortAfterTimeout: ConfiguredMiddleware = (next) => async (url, init) => {
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException('The request timed out', 'TimeoutError')),
    REQUEST_TIMEOUT_MS,
  );
  const callerSignal = init['signal'] as AbortSignal | null | undefined;
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal;
  try {
    const response = await next(url, { ...init, signal });
    if (isReachableStatus(response.status)) outageReported = false;
    return response;
  } catch (error) {
    if (timeout.signal.aborted && !callerSignal?.aborted) {
      throw new RequestTimeoutError(`No answer within ${REQUEST_TIMEOUT_MS / 1000} s`, { cause: error });
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Sends a read a second time, at once, when the first attempt got no answer at all — fetch rejected (a TypeError: the
 * connection was reset or refused, e.g. the portal node that held it died; issue #29) — but not after a timeout or a
 * cancellation. Behind the load balancer the second attempt reaches a node that is up. Only for calls that change
 * nothing (the report calls, fetchQueryRequest). Added last, so it runs inside the reachability observer and the
 * error report: they see the outcome of the second attempt, and a failed retry shows the catalogue's message once.
 */
export const retryOnceOnNetworkFailure: ConfiguredMiddleware = (next) => async (url, init) => {
  try {
    return await next(url, init);
  } catch (error) {
    const signal = init['signal'] as AbortSignal | null | undefined;
    const noAnswer = typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'TypeError';
    if (!noAnswer || signal?.aborted === true) throw error;
    return next(url, init);
  }
};

export function getApiClientOptions(): ApiClientOptions {
  if (options === null) throw new Error('API client used before configureApiClient()');
  return options;
}

/** Requests whose URL contains one of these keep running when the same URL is requested again. */
const NEVER_CANCELLED = ['current-state'];

const inFlight = new Map<string, AbortController>();

/** Same-URL requests cancel the previous one still in flight (spec shell §7); the caller's own signal still applies. */
const cancelPreviousSameUrl: ConfiguredMiddleware = (next) => async (url, init) => {
  if (NEVER_CANCELLED.some((part) => url.includes(part))) return next(url, init);
  const key = `${String(init['method'] ?? 'GET')} ${url}`;
  inFlight.get(key)?.abort();
  const controller = new AbortController();
  inFlight.set(key, controller);
  const callerSignal = init['signal'] as AbortSignal | null | undefined;
  const signal = callerSignal ? AbortSignal.any([callerSignal, controller.signal]) : controller.signal;
  try {
    return await next(url, { ...init, signal });
  } finally {
    if (inFlight.get(key) === controller) inFlight.delete(key);
  }
};

const bearerToken =
  (getAccessToken: () => Promise<string | null>): ConfiguredMiddleware =>
  (next) =>
  async (url, init) => {
    const token = await getAccessToken();
    if (token === null) throw new SignedOutError('No access token: request not sent');
    const headers = { ...(init['headers'] as Record<string, string> | undefined), Authorization: `Bearer ${token}` };
    return next(url, { ...init, headers });
  };

function isHttpError(error: unknown): error is Error & { status: number; message: string } {
  return error instanceof Error && typeof (error as { status?: unknown }).status === 'number';
}

/** Classifies anything a wretch call can throw. */
export function toApiFailure(error: unknown): ApiFailure {
  if (isHttpError(error)) return { kind: 'http', status: error.status, body: error.message };
  if (error instanceof SignedOutError) return { kind: 'signed-out' };
  // DOMException is not an Error subclass in every realm: compare names only. A timeout (TimeoutError) is a network failure.
  if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError') {
    return { kind: 'cancelled' };
  }
  return { kind: 'network' };
}

function reportFailure(error: unknown, onError: ApiClientOptions['onError'], reported: () => boolean): never {
  const failure = toApiFailure(error);
  const notification = failureNotification(failure);
  const outage = failure.kind === 'network' || (failure.kind === 'http' && !isReachableStatus(failure.status));
  if (notification !== null && !reported()) {
    console.info('API call failed unseen; not reported', notification);
  } else if (notification !== null && outage && outageReported) {
    console.info('API unreachable again; already reported', notification);
  } else if (notification !== null) {
    if (outage) outageReported = true;
    onError(notification, failure.kind === 'http' ? failure.status : null);
  } else if (failure.kind === 'cancelled') {
    console.info('API request cancelled');
  }
  throw new ApiError(failure, notification ?? failure.kind, { cause: error });
}

/** The configured client: requests carry the bearer token, failures are reported once and rethrown as ApiError. */
export type ApiClient = Wretch<unknown, unknown, undefined, WretchError, never>;

/** How a call's failure is reported. */
export interface ApiCallOptions {
  /**
   * Asked when the call has failed: false keeps its failure from `onError` (no toast; the ApiError is thrown as ever),
   * for a call nobody asked to see, e.g. a report's prefetch (prefetch-report.ts). Every failure is reported by default.
   */
  reported?: () => boolean;
}

export function getApiClient({ reported = () => true }: ApiCallOptions = {}): ApiClient {
  const { baseUrl, getAccessToken, onError } = getApiClientOptions();
  // observeReachability innermost: it sees the fetch itself (connection-health.ts, issue #32).
  return wretch(baseUrl)
    .middlewares([cancelPreviousSameUrl, bearerToken(getAccessToken), abortAfterTimeout, observeReachability])
    .catcherFallback((error) => reportFailure(error, onError, reported));
}
