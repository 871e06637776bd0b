import wretch, { type Wretch } from 'wretch';

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

let options: ApiClientOptions | null = null;

export function configureApiClient(next: ApiClientOptions): void {
  options = next;
}

export function getApiClientOptions(): ApiClientOptions {
  if (options === null) throw new Error('API client used before configureApiClient()');
  return options;
}

export function getApiClient(): Wretch {
  const { baseUrl } = getApiClientOptions();
  return wretch(baseUrl);
}
