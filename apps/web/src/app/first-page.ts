import { useSession } from '../stores/session';
import { decideNavigation, matchPath } from './navigation';
import { preloadPage } from './pages';

/**
 * Starts downloading the code of the page the app opens on (or is redirected to), before React
 * renders: it then arrives alongside the locale and the client look-up instead of after them, which
 * on a slow mobile network is most of the wait for the first page (issue 10 §6).
 */
export function preloadFirstPage(location: Pick<Location, 'pathname' | 'search'> = window.location): void {
  const session = useSession.getState();
  const decision = decideNavigation(location.pathname.replace(/^\/app(?=\/|$)/, '') || '/', {
    storedClientNo: session.clientNo,
    previousClientNo: null,
    loggedIn: Boolean(session.token),
    search: location.search,
  });
  if (decision.kind === 'render') preloadPage(decision.match.route.name);
  else if (decision.kind === 'redirect') preloadPage(matchPath(decision.to.split('?')[0] ?? '/').route.name);
}
