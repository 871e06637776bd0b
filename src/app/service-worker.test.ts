import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker.ts';

function fakeContainer(controller: object | null) {
  const listeners: (() => void)[] = [];
  return {
    controller: controller as ServiceWorker | null,
    addEventListener: vi.fn((_type: string, listener: () => void) => listeners.push(listener)),
    register: vi.fn(async () => ({}) as ServiceWorkerRegistration),
    fireControllerChange: () => listeners.forEach((listener) => listener()),
  };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js and reloads when an updated worker takes over', () => {
    const container = fakeContainer({});
    const reload = vi.fn();
    registerServiceWorker({ container, enabled: true, reload });
    expect(container.register).toHaveBeenCalledWith('/sw.js');
    container.fireControllerChange();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does not reload when the first worker takes control of a fresh page', () => {
    const container = fakeContainer(null);
    const reload = vi.fn();
    registerServiceWorker({ container, enabled: true, reload });
    container.fireControllerChange();
    expect(reload).not.toHaveBeenCalled();
    container.fireControllerChange();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('stays off outside production builds', () => {
    const container = fakeContainer(null);
    registerServiceWorker({ container, enabled: false });
    expect(container.register).not.toHaveBeenCalled();
  });
});
