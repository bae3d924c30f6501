import { askShell, insideShell } from './shell-bridge';

/** Opens a phone's control window: the shell's own, or a browser window outside the shell. */
export function openPhoneWindow(userPhoneId: number, clientNo: string): void {
  if (insideShell()) return askShell({ type: 'openPhone', userPhoneId });
  window.open(`/desktop/phone/${clientNo}?userPhoneId=${userPhoneId}`, `phone-${userPhoneId}`, 'width=420,height=780');
}
