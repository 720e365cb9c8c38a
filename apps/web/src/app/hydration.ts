import { hydrate, type QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Before hydrating HTML rendered by entry-server.tsx, the browser's first render must match it:
 * the same query data (the page's dehydrated cache, when it has one), and the screen's own code in
 * place of its loading fallback. Returns the router's hydration data: the matched routes' loaders
 * only prefetch into the query cache, which is already filled, so they count as done.
 */
export async function prepareHydration(
  routes: RouteObject[],
  location: { pathname: string },
  queryClient: QueryClient,
  dehydratedState: string | null | undefined,
): Promise<{ loaderData: Record<string, null> }> {
  if (dehydratedState) hydrate(queryClient, JSON.parse(dehydratedState));
  const loaderData: Record<string, null> = {};
  for (const { route } of matchRoutes(routes, location) ?? []) {
    if (typeof route.lazy === 'function') {
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }
    if (route.loader) {
      if (!route.id) throw new Error(`route ${route.path} has a loader but no id (routes.tsx)`);
      loaderData[route.id] = null;
    }
  }
  return { loaderData };
}
