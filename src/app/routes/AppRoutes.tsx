import { Navigate, Route, Routes } from 'react-router';
import { Shell } from '../shell/Shell.tsx';
import { DocumentViewerPage } from '../pages/DocumentViewerPage.tsx';
import { OverviewPage } from '../pages/OverviewPage.tsx';
import { PlaceholderPage } from '../pages/PlaceholderPage.tsx';
import { SystemsAnalysisPage } from '../pages/SystemsAnalysisPage/SystemsAnalysisPage.tsx';
import { SystemSubReportPage } from '../pages/SystemSubReportPage.tsx';
import { CallbackPage } from './CallbackPage.tsx';
import { RequireAccess } from './RequireAccess.tsx';
import { RootEntry } from './RootEntry.tsx';
import { PATHS, PROTECTED_ROUTES, SIGNED_IN } from './route-access.ts';

/** Every route of the SPA; unknown paths go home. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={PATHS.root} element={<RootEntry />} />
      <Route path={PATHS.callback} element={<CallbackPage />} />
      <Route
        element={
          <RequireAccess access={SIGNED_IN}>
            <Shell />
          </RequireAccess>
        }
      >
        <Route path={PATHS.overview} element={<OverviewPage />} />
        <Route path={PATHS.systems} element={<SystemsAnalysisPage />} />
        <Route path={PATHS.systemSubReport} element={<SystemSubReportPage />} />
        <Route path={PATHS.jobs} element={<PlaceholderPage title="Jobs Analysis" kind="report" />} />
        <Route path={PATHS.tvDashboard} element={<PlaceholderPage title="Live Dashboard" kind="report" />} />
        <Route path={PATHS.document} element={<DocumentViewerPage />} />
        {Object.values(PROTECTED_ROUTES).map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              <RequireAccess access={route}>
                <PlaceholderPage title={route.title} />
              </RequireAccess>
            }
          />
        ))}
      </Route>
      <Route path="*" element={<Navigate to={PATHS.root} replace />} />
    </Routes>
  );
}
