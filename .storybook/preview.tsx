import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Decorator, Preview } from '@storybook/react-vite';
import { PrimeReactProvider } from 'primereact/api';
import { useState } from 'react';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';

/** A fresh query cache per story, without retries, so stories of failures fail at once. */
const withQueryClient: Decorator = (Story) => {
  function WithQueryClient() {
    const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    return (
      <QueryClientProvider client={queryClient}>
        <Story />
      </QueryClientProvider>
    );
  }
  return <WithQueryClient />;
};

const withPrimeReact: Decorator = (Story) => (
  <PrimeReactProvider>
    <Story />
  </PrimeReactProvider>
);

const preview: Preview = {
  decorators: [withQueryClient, withPrimeReact],
  parameters: { layout: 'padded' },
};

export default preview;
