import { createContext, useContext } from 'react';
import type { RouteMatch } from './navigation';

/** The page being shown and its client, for layouts and pages (the URL is the source). */
export const RouteContext = createContext<RouteMatch | null>(null);

export function useRouteMatch(): RouteMatch {
  const match = useContext(RouteContext);
  if (!match) throw new Error('useRouteMatch outside the app shell');
  return match;
}

/** The clientNo of the current page, for building links. */
export function useClientNo(): string {
  return useRouteMatch().clientNo ?? '';
}
