import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { usePrefetchReportLayout } from '../../api/report-layout.ts';
import { lazyWithRetry } from '../../runtime/lazy-with-retry.ts';
import { SYSTEM_PAGE_ACTIONS } from '../../shared/systems/system-pages.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { Shell } from '../shell/Shell.tsx';
import { CallbackPage } from './CallbackPage.tsx';
import { RequireAccess } from './RequireAccess.tsx';
import { RootEntry } from './RootEntry.tsx';
import { PATHS } from '../navigation/paths.ts';
import { PROTECTED_ROUTES, SIGNED_IN } from './route-access.ts';

// Each page loads with its route (the shell's Suspense shows a spinner meanwhile), so the entry holds only the shell
// (docs/architecture.md "JavaScript budgets").
const OverviewPage = lazyWithRetry(() =>
  import('../pages/OverviewPage.tsx').then((module) => ({ default: module.OverviewPage })),
);
const SystemsAnalysisPage = lazyWithRetry(() =>
  import('../pages/SystemsAnalysisPage/SystemsAnalysisPage.tsx').then((module) => ({
    default: module.SystemsAnalysisPage,
  })),
);
const JobsAnalysisPage = lazyWithRetry(() =>
  import('../pages/JobsAnalysisPage/JobsAnalysisPage.tsx').then((module) => ({ default: module.JobsAnalysisPage })),
);
const TvDashboardPage = lazyWithRetry(() =>
  import('../pages/TvDashboardPage/TvDashboardPage.tsx').then((module) => ({ default: module.TvDashboardPage })),
);
const SystemSubReportPage = lazyWithRetry(() =>
  import('../pages/SystemSubReportPage.tsx').then((module) => ({ default: module.SystemSubReportPage })),
);
const DocumentViewerPage = lazyWithRetry(() =>
  import('../pages/DocumentViewerPage.tsx').then((module) => ({ default: module.DocumentViewerPage })),
);
const SettingsPage = lazyWithRetry(() =>
  import('../pages/SettingsPage/SettingsPage.tsx').then((module) => ({ default: module.SettingsPage })),
);
const GoalsPage = lazyWithRetry(() =>
  import('../pages/GoalsPage/GoalsPage.tsx').then((module) => ({ default: module.GoalsPage })),
);
const SchedulerPage = lazyWithRetry(() =>
  import('../pages/SchedulerPage/SchedulerPage.tsx').then((module) => ({ default: module.SchedulerPage })),
);
const AccountManagementPage = lazyWithRetry(() =>
  import('../pages/AccountManagementPage/AccountManagementPage.tsx').then((module) => ({
    default: module.AccountManagementPage,
  })),
);
const ApiManagementPage = lazyWithRetry(() =>
  import('../pages/ApiManagementPage/ApiManagementPage.tsx').then((module) => ({ default: module.ApiManagementPage })),
);
const UnsubscribePage = lazyWithRetry(() =>
  import('../pages/UnsubscribePage/UnsubscribePage.tsx').then((module) => ({ default: module.UnsubscribePage })),
);
const SuperUserPage = lazyWithRetry(() =>
  import('../pages/SuperUserPage/SuperUserPage.tsx').then((module) => ({ default: module.SuperUserPage })),
);

/** The protected routes' pages, one for each route. */
const PROTECTED_PAGES: Record<keyof typeof PROTECTED_ROUTES, () => ReactNode> = {
  settings: () => <SettingsPage />,
  goals: () => <GoalsPage />,
  scheduler: () => <SchedulerPage />,
  users: () => <AccountManagementPage />,
  api: () => <ApiManagementPage />,
};

/** A report's route: its layout is fetched as the route opens, beside the page's chunk rather than after it. */
function ReportRoute({ layoutId, children }: { layoutId: string; children: ReactNode }): ReactNode {
  usePrefetchReportLayout(layoutId);
  return children;
}

/** A system's own pages: each has a layout named like it (layouts/system-page.json, machine-config, service-ticket). */
function SystemSubReportRoute(): ReactNode {
  const { subReportType = '' } = useParams();
  const known = SYSTEM_PAGE_ACTIONS.some((action) => action.subReport === subReportType);
  return known ? (
    <ReportRoute layoutId={subReportType}>
      <SystemSubReportPage />
    </ReportRoute>
  ) : (
    <SystemSubReportPage />
  );
}

/** Every route of the SPA; unknown paths go home. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={PATHS.root} element={<RootEntry />} />
      <Route path={PATHS.callback} element={<CallbackPage />} />
      {/* Public: the link of a report e-mail works without signing in (spec shell §2). */}
      <Route
        path={PATHS.unsubscribe}
        element={
          <Suspense fallback={<LoadingScreen />}>
            <UnsubscribePage />
          </Suspense>
        }
      />
      {/* Public: a super user reaches the tenant picker in the middle of signing in, before any token (spec shell §2). */}
      <Route
        path={PATHS.superUser}
        element={
          <Suspense fallback={<LoadingScreen />}>
            <SuperUserPage />
          </Suspense>
        }
      />
      <Route
        element={
          <RequireAccess access={SIGNED_IN}>
            <Shell />
          </RequireAccess>
        }
      >
        <Route
          path={PATHS.overview}
          element={
            <ReportRoute layoutId="overview">
              <OverviewPage />
            </ReportRoute>
          }
        />
        <Route
          path={PATHS.systems}
          element={
            <ReportRoute layoutId="systems">
              <SystemsAnalysisPage />
            </ReportRoute>
          }
        />
        <Route path={PATHS.systemSubReport} element={<SystemSubReportRoute />} />
        <Route
          path={PATHS.jobs}
          element={
            <ReportRoute layoutId="jobs">
              <JobsAnalysisPage />
            </ReportRoute>
          }
        />
        <Route
          path={PATHS.tvDashboard}
          element={
            <ReportRoute layoutId="tv-dashboard">
              <TvDashboardPage />
            </ReportRoute>
          }
        />
        <Route path={PATHS.document} element={<DocumentViewerPage />} />
        {Object.entries(PROTECTED_ROUTES).map(([name, route]) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              <RequireAccess access={route}>{PROTECTED_PAGES[name as keyof typeof PROTECTED_ROUTES]()}</RequireAccess>
            }
          />
        ))}
      </Route>
      <Route path="*" element={<Navigate to={PATHS.root} replace />} />
    </Routes>
  );
}
