/** Path of the service worker (spec shell §9). */
export const SERVICE_WORKER_URL = '/sw.js';

export interface ServiceWorkerOptions {
  container?: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'register'> | undefined;
  /** Only production builds register the worker; the dev server serves sources that change on every edit. */
  enabled?: boolean;
  reload?: () => void;
}

/**
 * Registers /sw.js and reloads the page when an updated worker takes control: a controller change after the
 * page already had a controller. The first install (no previous controller) does not reload.
 */
export function registerServiceWorker({
  container = navigator.serviceWorker,
  enabled = import.meta.env.PROD,
  reload = () => window.location.reload(),
}: ServiceWorkerOptions = {}): void {
  if (!enabled || container === undefined) return;
  let hadController = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (hadController) reload();
    hadController = true;
  });
  container.register(SERVICE_WORKER_URL).catch((error: unknown) => {
    console.warn('Service worker registration failed', error);
  });
}
