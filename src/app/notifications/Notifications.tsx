import { lazy, Suspense, useEffect, useState } from 'react';
import { notifications } from './notification.service.ts';

// PrimeReact's Toast loads with the first notification, not with the app (docs/architecture.md "JavaScript budgets");
// the service keeps what was raised until the host subscribes.
const ToastHost = lazy(() => import('./ToastHost.tsx').then((module) => ({ default: module.ToastHost })));

/** Mounts the toast host once the first notification is raised. */
export function Notifications() {
  const [raised, setRaised] = useState(false);
  useEffect(() => notifications.whenAnyRaised(() => setRaised(true)), []);
  return raised ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}
