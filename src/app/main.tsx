import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import './app.css';
import '../i18n/i18n.ts';
import { configureApiClient } from '../api/http-client.ts';
import { App } from './App.tsx';
import { lazyMsalClient } from './auth/lazy-msal-client.ts';
import { startSession } from './auth/session.ts';
import { ErrorScreen } from './errors/ErrorScreen.tsx';
import { notifications } from './notifications/notification.service.ts';
import { readRuntimeConfig } from './runtime-config.ts';
import { retryImport } from '../shared/retry-import.ts';
import { registerServiceWorker } from './service-worker.ts';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html lacks the #root element');
const root = createRoot(container);

try {
  const config = readRuntimeConfig();
  const origin = window.location.origin;
  // MSAL loads beside the first render (docs/architecture.md "JavaScript budgets").
  const msal = lazyMsalClient(() =>
    retryImport(() => import('./auth/msal-client.ts')).then((module) => module.createMsalClient(config, origin)),
  );
  const session = startSession(msal, config, origin);
  configureApiClient({
    baseUrl: config.apiBase,
    getAccessToken: session.getAccessToken,
    onError: (message) => notifications.error(message),
  });
  root.render(
    <StrictMode>
      <App config={config} session={session.actor} />
    </StrictMode>,
  );
  registerServiceWorker();
} catch (error) {
  root.render(<ErrorScreen report={{ error, at: new Date() }} />);
}
