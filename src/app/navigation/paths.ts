/**
 * The portal's own addresses (spec shell §2 "Route constants"): the routes, the documents the shell links to and the page
 * after sign-in. The ground floor of navigation: the routes' table, the shell, the pages and the consent prompts name
 * them from here.
 */

/** The documents the shell links to (spec shell §2 route constants), shown by the document viewer. */
export const DOCUMENT_PATHS = {
  productTerms: '/documents/product-tc',
  privacyPolicy: '/documents/privacy-policy',
  termsOfUse: '/documents/terms-of-use',
} as const;

/** Route paths of spec shell §2 "Route constants". */
export const PATHS = {
  root: '/',
  callback: '/callback',
  unsubscribe: '/unsubscribe',
  superUser: '/superUser',
  overview: '/reports/overview',
  systems: '/reports/systems',
  systemSubReport: '/reports/systems/:subReportType/:systemName',
  jobs: '/reports/jobs',
  tvDashboard: '/reports/tv-dashboard',
  users: '/users',
  goals: '/goals',
  api: '/api',
  scheduler: '/scheduler',
  settings: '/settings',
  document: '/documents/:docName',
} as const;

/** The default page after sign-in (spec shell §2 "Root entry"). */
export const DEFAULT_PAGE = PATHS.overview;
