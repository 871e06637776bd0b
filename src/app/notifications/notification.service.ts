/** A toast request (spec shell §3 "Notification": message, key, options). */
export interface Notification {
  id: string;
  severity: 'success' | 'info' | 'warn' | 'error';
  detail: string;
  summary?: string;
}

type Listener = (notification: Notification) => void;

const listeners = new Set<Listener>();
/** Waiting for the first notification ever raised (the toast host loads then). */
const firstWatchers = new Set<() => void>();
let anyRaised = false;
/** Notifications raised before the toast host mounted; delivered when it subscribes. */
const pending: Notification[] = [];
let sequence = 0;

function publish(notification: Omit<Notification, 'id'>): void {
  sequence += 1;
  const next = { ...notification, id: `notification-${sequence}` };
  if (!anyRaised) {
    anyRaised = true;
    for (const watcher of firstWatchers) watcher();
    firstWatchers.clear();
  }
  if (listeners.size === 0) pending.push(next);
  for (const listener of listeners) listener(next);
}

/** The app-wide notification service: the API client's onError and the session report failures through it. */
export const notifications = {
  error(detail: string, summary?: string): void {
    publish({ severity: 'error', detail, ...(summary ? { summary } : {}) });
  },
  success(detail: string, summary?: string): void {
    publish({ severity: 'success', detail, ...(summary ? { summary } : {}) });
  },
  warn(detail: string, summary?: string): void {
    publish({ severity: 'warn', detail, ...(summary ? { summary } : {}) });
  },
  /** Calls back once, at the first notification (at once if one was raised already). */
  whenAnyRaised(callback: () => void): () => void {
    if (anyRaised) {
      callback();
      return () => undefined;
    }
    firstWatchers.add(callback);
    return () => {
      firstWatchers.delete(callback);
    };
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    for (const notification of pending.splice(0)) listener(notification);
    return () => {
      listeners.delete(listener);
    };
  },
};
