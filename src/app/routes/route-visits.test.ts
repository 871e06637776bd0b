import { describe, expect, it } from 'vitest';
import { createRoutesFromChildren, matchPath, type RouteObject } from 'react-router';
import type { ReactElement } from 'react';
import { ROUTE_VISITS } from '../../../tests/e2e/pages/route-visits.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { PATHS } from '../navigation/paths.ts';

/** Every path of the router's route table (AppRoutes' <Route> elements, nested ones included), without the catch-all. */
function routerPaths(): string[] {
  const routes = createRoutesFromChildren((AppRoutes() as ReactElement<{ children: React.ReactNode }>).props.children);
  const paths: string[] = [];
  const collect = (list: RouteObject[]) => {
    for (const route of list) {
      if (route.path !== undefined && route.path !== '*') paths.push(route.path);
      collect(route.children ?? []);
    }
  };
  collect(routes);
  return paths;
}

describe('the accessibility spec visits every route (tests/e2e/accessibility.spec.ts)', () => {
  it('has a visit for every path of the router', () => {
    const covered = Object.entries(ROUTE_VISITS).map(([key]) => PATHS[key as keyof typeof PATHS]);
    const paths = routerPaths();
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !covered.includes(path as (typeof covered)[number]))).toEqual([]);
  });

  it('opens, for every page route, addresses the route matches', () => {
    for (const [key, visit] of Object.entries(ROUTE_VISITS)) {
      if (visit.kind !== 'page') continue;
      expect(visit.urls.length).toBeGreaterThan(0);
      for (const url of visit.urls) {
        const pathname = new URL(url, 'https://portal.test').pathname;
        expect(matchPath(PATHS[key as keyof typeof PATHS], pathname), url).not.toBeNull();
      }
    }
  });
});
