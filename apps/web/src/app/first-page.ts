import { useSession } from '../stores/session';
import { startClientLookup } from './client-lookup';
import { decideNavigation, matchPath } from '../lib/routing/navigation';
import { preloadPage } from './pages';

/**
 * Starts what the first page waits for before React renders: the code of the page the app opens on
 * (or is redirected to) and the look-up of its client. Both then run alongside the locale's download
 * instead of one after another, which on a slow mobile network is most of the wait (issue 10 §6).
 */
export function startFirstPage(location: Pick<Location, 'pathname' | 'search'> = window.location): void {
  const session = useSession.getState();
  const decision = decideNavigation(location.pathname.replace(/^\/app(?=\/|$)/, '') || '/', {
    storedClientNo: session.clientNo,
    previousClientNo: null,
    loggedIn: Boolean(session.token),
    search: location.search,
  });
  if (decision.kind === 'render') {
    preloadPage(decision.match.route.name);
    const { clientNo } = decision.match;
    if (decision.clientLookup && clientNo) startClientLookup(clientNo, location.search);
  } else if (decision.kind === 'redirect') preloadPage(matchPath(decision.to.split('?')[0] ?? '/').route.name);
}
