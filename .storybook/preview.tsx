import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { Decorator, Preview } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import { useState } from 'react';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import '../src/app/app.css';
import '../src/i18n/i18n.ts';
import { configureApiClient } from '../src/api/http-client.ts';
import { RuntimeConfigProvider } from '../src/app/RuntimeConfigContext.tsx';
import { LengthUnitsProvider } from '../src/runtime/panel-sdk.ts';
import { DEFAULT_LENGTH_UNITS, type LengthUnits } from '../src/shared/units/length-units.ts';
import { STORY_RUNTIME_CONFIG } from './story-runtime-config.ts';

/**
 * Stories never reach the network: the API client is signed out (it refuses to send without a token),
 * so a query a story did not seed fails at once instead of waiting on a server.
 */
/**
 * Stories run as tests beside the unit suites: a lazily loaded chunk (the calendar, a dialog) is fetched and transformed
 * on its first use, which on a busy 2-core machine outlasts Testing Library's 1 s default for findBy/waitFor. As in
 * tests/setup-dom.ts, a longer wait only slows stories that would fail anyway.
 */
configure({ asyncUtilTimeout: 10_000 });

configureApiClient({
  baseUrl: STORY_RUNTIME_CONFIG.apiBase,
  getAccessToken: async () => null,
  onError: () => undefined,
});

/** `parameters.queryData` of a story: query keys and the responses the cache starts with (fixtures, no network). */
export type StoryQueryData = readonly (readonly [QueryKey, unknown])[];

/**
 * A fresh query cache per story, without retries (stories of failures fail at once) and never stale
 * (seeded responses are not fetched again).
 */
const withQueryClient: Decorator = (Story, context) => {
  const seeded = (context.parameters['queryData'] ?? []) as StoryQueryData;
  function WithQueryClient() {
    const [queryClient] = useState(() => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
      for (const [key, data] of seeded) client.setQueryData(key, data);
      return client;
    });
    return (
      <QueryClientProvider client={queryClient}>
        <Story />
      </QueryClientProvider>
    );
  }
  return <WithQueryClient />;
};

/** The runtime configuration components read with useRuntimeConfig(); `parameters.runtimeConfig` overrides parts. */
const withRuntimeConfig: Decorator = (Story, context) => (
  <RuntimeConfigProvider config={{ ...STORY_RUNTIME_CONFIG, ...(context.parameters['runtimeConfig'] ?? {}) }}>
    <Story />
  </RuntimeConfigProvider>
);

/** The user's length unit panels show (`parameters.lengthUnits`: 'Yard' or 'Meter', the default). */
const withLengthUnits: Decorator = (Story, context) => (
  <LengthUnitsProvider lengthUnits={(context.parameters['lengthUnits'] ?? DEFAULT_LENGTH_UNITS) as LengthUnits}>
    <Story />
  </LengthUnitsProvider>
);

const preview: Preview = {
  decorators: [withQueryClient, withRuntimeConfig, withLengthUnits],
  parameters: { layout: 'padded' },
};

export default preview;
