import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '@cloudphone/contracts/errors';
import { purchaseGate } from '../lib/routing/navigation';
import { enabledFunctions } from '../lib/functions';
import { useRouteMatch } from '../lib/routing/route-context';
import { pathFor } from '../lib/routing/route-table';
import { currentLanguage } from '../lib/i18n/index';
import { notify } from '../stores/notifications';
import { useSession } from '../stores/session';

/**
 * Applies the gating table of spec §6 (`purchaseGate` in navigation.ts) to the page it wraps: the
 * page shows only when the client's functions allow it; otherwise the user is sent to the other way
 * of getting phones, or stays where they were (home when they came from nowhere). Each page the
 * table names wraps itself in it, so its code loads with those pages, not in the entry script.
 */
export function PurchaseGate({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { route, clientNo } = useRouteMatch();
  const functions = useSession((s) => s.functions);
  const gate = purchaseGate(route.name, enabledFunctions(functions));
  const { kind } = gate;
  const target = gate.kind === 'redirect' ? pathFor(gate.route, clientNo ?? '', gate.search) : null;
  // The user is moved once, however often the page renders on the way out.
  const moved = useRef(false);

  useEffect(() => {
    if (kind === 'allow' || moved.current) return;
    moved.current = true;
    if (target) void navigate(target, { replace: true });
    if (kind !== 'cancel') return;
    notify(errorMessage('functionDisabled', currentLanguage()));
    // The router numbers its history entries: above 0, there is a page of this app to stay on.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(`/${clientNo ?? ''}`, { replace: true });
  }, [kind, target, clientNo, navigate]);

  return kind === 'allow' ? children : null;
}
