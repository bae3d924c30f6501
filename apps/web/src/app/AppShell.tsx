import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { session, setNavigator, useSession } from '../stores/session';
import { clientLookup } from './client-lookup';
import { Layout } from './layouts/Layout';
import { decideNavigation, transitionBetween, type Transition } from '../lib/routing/navigation';
import { RoutePage } from './RoutePage';
import { pathFor } from '../lib/routing/route-table';
import { track } from '../lib/tracking';
import { RouteContext } from '../lib/routing/route-context';
import { JoinedViewsContext } from '../lib/joined-views';
import { JOINED_VIEWS } from './joined-views';

/** While signed in, the phone lists follow the live channel (issue 21). */
const LiveLists = lazy(() => import('../lib/live-lists'));

/**
 * Applies the navigation rules to every location, looks the client up when it changes, and shows
 * the page in its layout with the transition its level calls for.
 */
export function AppShell() {
  const location = useLocation();
  const navigate = useNavigate();
  const stored = useSession((s) => s.clientNo);
  const tenantId = useSession((s) => s.tenantId);
  const loggedIn = useSession((s) => Boolean(s.token));
  const previous = useRef<{ path: string; clientNo: string | null; level?: number }>({ path: '', clientNo: null });
  const lookingUp = useRef<string | null>(null);
  const [readyClient, setReadyClient] = useState<string | null>(null);

  useEffect(() => setNavigator((to) => void navigate(to)), [navigate]);

  const decision = useMemo(
    () =>
      decideNavigation(location.pathname, {
        storedClientNo: stored,
        previousClientNo: previous.current.clientNo,
        loggedIn,
        search: location.search,
        sessionEndedHere: previous.current.path === location.pathname + location.search,
      }),
    [location.pathname, location.search, stored, loggedIn],
  );

  useEffect(() => {
    if (decision.kind === 'redirect') {
      if (decision.saveClientNo) session.saveClientNo(decision.saveClientNo);
      void navigate(decision.to, { replace: true });
    } else if (decision.kind === 'cancel' && previous.current.path) {
      void navigate(previous.current.path, { replace: true });
    }
  }, [decision, navigate]);

  const clientNo = decision.kind === 'render' && decision.clientLookup ? decision.match.clientNo : null;
  useEffect(() => {
    if (!clientNo || lookingUp.current === clientNo) return;
    lookingUp.current = clientNo;
    void clientLookup(clientNo, location.search).then((usable) => {
      if (usable) setReadyClient(clientNo);
      else {
        lookingUp.current = null;
        void navigate('/404', { replace: true });
      }
    });
    // The search only matters on the first look-up of a client.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clientNo, navigate]);

  // Signing in with a merchant's code that turned out spent or forged: login is the way on.
  const signingIn = decision.kind === 'render' && decision.signingIn === true;
  const codeRefused = signingIn && clientNo !== null && readyClient === clientNo;
  useEffect(() => {
    if (codeRefused) void navigate(pathFor('login', clientNo), { replace: true });
  }, [codeRefused, clientNo, navigate]);

  const level = decision.kind === 'render' ? decision.match.route.level : undefined;
  // Fixed when a page opens: a later render of the same page (a client look-up that ends) must not
  // take its slide away half-way.
  const [opened, setOpened] = useState<{ path: string; transition: Transition }>({ path: '', transition: 'none' });
  if (level !== undefined && opened.path !== location.pathname)
    setOpened({ path: location.pathname, transition: transitionBetween(previous.current.level, level) });
  const transition = opened.transition;
  const pageName = decision.kind === 'render' && !signingIn ? decision.match.route.name : null;
  useEffect(() => {
    if (pageName) track('page_view', { page: pageName });
  }, [pageName, location.pathname]);
  useEffect(() => {
    if (decision.kind !== 'render') return;
    previous.current = { path: location.pathname + location.search, clientNo: decision.match.clientNo, level };
  }, [decision, level, location.pathname, location.search]);

  if (decision.kind !== 'render') return null;
  if (signingIn) return <PageLoading />;
  // A returning visitor whose client is already known sees the page at once; the look-up refreshes it.
  const known = readyClient === clientNo || (stored === clientNo && tenantId !== null);
  if (clientNo && !known) return <PageLoading />;

  return (
    <RouteContext.Provider value={decision.match}>
      <JoinedViewsContext.Provider value={JOINED_VIEWS}>
        {loggedIn && (
          <Suspense fallback={null}>
            <LiveLists />
          </Suspense>
        )}
        <Layout kind={decision.match.route.layout} transition={transition} pageKey={location.pathname}>
          <RoutePage route={decision.match.route} />
        </Layout>
      </JoinedViewsContext.Provider>
    </RouteContext.Provider>
  );
}
