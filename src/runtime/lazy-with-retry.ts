import { createElement, lazy, type ComponentPropsWithRef, type ComponentType, type JSX } from 'react';
import { retryImport, type RetryImportOptions } from '../shared/retry-import.ts';

/**
 * React.lazy whose chunk is fetched with `retryImport` (back-off, at once on `online`). React.lazy keeps a rejected
 * load for good; this one starts a fresh lazy after a failure, so the next render (an error boundary's retry, a new
 * mount) fetches again instead of throwing the old error. In src/runtime so the app and the layout runtime share it
 * (src/shared stays React-free).
 */
// `any` as in React.lazy's own signature: any component, function or class, whatever its props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithRetry<Component extends ComponentType<any>>(
  load: () => Promise<{ default: Component }>,
  options?: RetryImportOptions,
): ComponentType<ComponentPropsWithRef<Component>> {
  const fresh = () =>
    lazy(() =>
      retryImport(load, options).catch((error: unknown): never => {
        current = fresh();
        throw error;
      }),
    );
  let current = fresh();
  function LazyWithRetry(props: ComponentPropsWithRef<Component>): JSX.Element {
    return createElement(current as ComponentType<ComponentPropsWithRef<Component>>, props);
  }
  return LazyWithRetry;
}
