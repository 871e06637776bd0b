import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useConnectionRecovery } from '../api/connection-recovery.ts';
import type { RuntimeConfig } from '../shared/runtime-config.ts';
import { SessionProvider } from './auth/SessionProvider.tsx';
import type { SessionActor } from './auth/session.ts';
import { ErrorBoundary } from './errors/ErrorBoundary.tsx';
import { Notifications } from './notifications/Notifications.tsx';
import { RuntimeConfigProvider } from './RuntimeConfigContext.tsx';
import { AppRoutes } from './routes/AppRoutes.tsx';

/**
 * Failed requests are already reported once by the API client (toast); retrying would repeat the toast,
 * and refetching on focus would surprise users reading a report. An outage needs neither: polling keeps its interval
 * after a failed fetch, and `ConnectionRecovery` refetches the screen once when the portal answers again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
}

/** Refetches the screen's queries when the portal answers again after an outage (issue #32); draws nothing. */
function ConnectionRecovery(): null {
  useConnectionRecovery();
  return null;
}

/**
 * Providers shared by the app and its tests: everything but the router. No PrimeReactProvider: its only setting was
 * `ripple: false`, PrimeReact's default, and it kept PrimeReact's api and utilities in the entry chunk (issue #11).
 */
export function AppProviders({
  config,
  session,
  queryClient,
  children,
}: {
  config: RuntimeConfig;
  session: SessionActor;
  queryClient: QueryClient;
  children: React.ReactNode;
}) {
  return (
    <ErrorBoundary>
      <RuntimeConfigProvider config={config}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider actor={session}>
            <Notifications />
            <ConnectionRecovery />
            {children}
          </SessionProvider>
        </QueryClientProvider>
      </RuntimeConfigProvider>
    </ErrorBoundary>
  );
}

export function App({ config, session }: { config: RuntimeConfig; session: SessionActor }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders config={config} session={session} queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
