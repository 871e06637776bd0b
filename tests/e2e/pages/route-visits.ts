import { DOCUMENT_PATHS, PATHS } from '../../../src/app/navigation/paths.ts';

/**
 * Where the accessibility spec goes for each route of the router (src/app/routes/AppRoutes.tsx), and what shows once
 * the page is ready. Typed by the route constants, so a new route constant does not compile without an entry here, and
 * `route-visits.test.ts` fails when the router has a route no entry covers.
 */
export type RouteVisit =
  /** Opened after sign-in; `heading` is the page's h1 once it has rendered. */
  | { kind: 'page'; urls: readonly string[]; heading: string | RegExp }
  /** Never shown itself: it sends the signed-in user to another route, which has its own visit. */
  | { kind: 'redirect'; to: string };

/** A system of the demo fleet (northwind, the admin's tenant): its system page, machine config and service ticket. */
export const DEMO_SERIAL = 'DTG-10001';

export const ROUTE_VISITS: Record<keyof typeof PATHS, RouteVisit> = {
  root: { kind: 'redirect', to: PATHS.overview },
  callback: { kind: 'redirect', to: PATHS.root },
  /** Public (an e-mail's link); a signed-in visit shows it too. */
  unsubscribe: { kind: 'page', urls: [`${PATHS.unsubscribe}?token=none`], heading: 'Unsubscribe' },
  /** Public (mid sign-in of a super user); without a live sessionToken the picker shows, and searching is refused. */
  superUser: { kind: 'page', urls: [`${PATHS.superUser}?sessionToken=none&state=none`], heading: 'Choose a customer' },
  overview: { kind: 'page', urls: [PATHS.overview], heading: 'Overview' },
  systems: { kind: 'page', urls: [PATHS.systems], heading: 'Systems Analysis' },
  systemSubReport: {
    kind: 'page',
    urls: ['system-page', 'machine-config', 'service-ticket'].map((type) => `/reports/systems/${type}/${DEMO_SERIAL}`),
    heading: new RegExp(`: ${DEMO_SERIAL}$`),
  },
  jobs: { kind: 'page', urls: [PATHS.jobs], heading: 'Jobs Analysis' },
  tvDashboard: { kind: 'page', urls: [PATHS.tvDashboard], heading: 'Live Dashboard' },
  users: { kind: 'page', urls: [PATHS.users], heading: 'Account Management' },
  goals: { kind: 'page', urls: [PATHS.goals], heading: 'Goals' },
  api: { kind: 'page', urls: [PATHS.api], heading: 'API Management' },
  scheduler: { kind: 'page', urls: [PATHS.scheduler], heading: 'Scheduler' },
  settings: { kind: 'page', urls: [PATHS.settings], heading: 'Settings' },
  document: { kind: 'page', urls: Object.values(DOCUMENT_PATHS), heading: /\w/ },
};
