import { useEffect, useRef } from 'react';
import { Toast, type ToastMessage } from 'primereact/toast';
import { notifications } from './notification.service.ts';
import { admitToast, TOAST_LIFE_MS } from './notification-queue.ts';
import './toast-host.css';

/** The toast host: bottom centre, at most 4 at a time, each hidden after 10 s. */
export function ToastHost() {
  const toast = useRef<Toast>(null);
  const visible = useRef<ToastMessage[]>([]);

  useEffect(
    () =>
      notifications.subscribe((notification) => {
        const message: ToastMessage = {
          id: notification.id,
          severity: notification.severity,
          summary: notification.summary,
          detail: notification.detail,
          life: TOAST_LIFE_MS,
        };
        const admitted = admitToast(visible.current, message);
        visible.current = admitted.visible;
        for (const evicted of admitted.evicted) toast.current?.remove(evicted);
        toast.current?.show(message);
      }),
    [],
  );

  return (
    <Toast
      ref={toast}
      position="bottom-center"
      onRemove={(removed) => {
        visible.current = visible.current.filter((message) => message.id !== removed.id);
      }}
    />
  );
}
