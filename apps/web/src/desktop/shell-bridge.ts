import { useEffect, useRef, useState } from 'react';
import type { ShellToUi, UiToShell } from '@cloudphone/contracts/desktop';

/** The function the Node shell adds to this page (a DevTools binding), and the event it answers with. */
const BINDING = 'cloudphoneShell';
const EVENT = 'cloudphone-shell';

type ShellWindow = Window & { [BINDING]?: (payload: string) => void };

/** Whether the desktop UI runs inside the desktop shell (else in a plain browser tab: the same screens, no hotkeys). */
export function insideShell(): boolean {
  return typeof (window as ShellWindow)[BINDING] === 'function';
}

/** Asks the shell; outside it, what can be done in a plain browser is (a phone opens in a new window). */
export function askShell(message: UiToShell): void {
  const shell = (window as ShellWindow)[BINDING];
  if (shell) shell(JSON.stringify(message));
}

/** Hears what the shell tells this page. */
export function useShellMessages(listener: (message: ShellToUi) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const heard = (event: Event) => latest.current((event as CustomEvent<ShellToUi>).detail);
    window.addEventListener(EVENT, heard);
    return () => window.removeEventListener(EVENT, heard);
  }, []);
}

export type ShellState = Extract<ShellToUi, { type: 'state' }>;

/** The shell's state (version, hotkeys, accounts, open phones), asked for once and kept as it changes. */
export function useShellState(): ShellState | null {
  const [state, setState] = useState<ShellState | null>(null);
  useShellMessages((message) => {
    if (message.type === 'state') setState(message);
  });
  // Asked again until it answers: a page that has just loaded may ask before the shell can reply to it.
  useEffect(() => {
    if (!insideShell() || state) return;
    askShell({ type: 'hello' });
    const again = setInterval(() => askShell({ type: 'hello' }), 500);
    return () => clearInterval(again);
  }, [state]);
  return state;
}
