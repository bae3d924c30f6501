import { findPackage, topPackage } from './adb/system-apps';
import type { AppId, PhoneState } from './phone-state';

/** What the apps of a virtual phone need of it. */
interface AppsOf {
  readonly state: PhoneState;
  update(change: (state: PhoneState) => void): void;
  open(app: AppId): void;
}

/** The package whose app is on the screen (the key map the viewer plays is that package's, issue 65). */
export function foregroundOf(state: PhoneState): string {
  return topPackage(state).packageName;
}

/** Brings the package's app to the screen (its launcher's tap does the same); false without one. */
export function openPackage(phone: AppsOf, packageName: string): boolean {
  const app = findPackage(phone.state, packageName)?.app;
  if (!app) return false;
  phone.open(app);
  return true;
}

/** Takes the package's app off the screen stack (the launcher stays); false when it was not open. */
export function closePackage(phone: AppsOf, packageName: string): boolean {
  const app = findPackage(phone.state, packageName)?.app;
  if (!app || app === 'launcher' || !phone.state.screenStack.includes(app)) return false;
  phone.update((s) => void (s.screenStack = withoutApp(s.screenStack, app)));
  return true;
}

/** Removes an installed package, and its app from the screen; false when none is installed. */
export function uninstallPackage(phone: AppsOf, packageName: string): boolean {
  if (!phone.state.apps.some((a) => a.packageName === packageName)) return false;
  phone.update((s) => {
    s.apps = s.apps.filter((a) => a.packageName !== packageName);
    s.screenStack = withoutApp(s.screenStack, `app:${packageName}`);
  });
  return true;
}

function withoutApp(stack: readonly AppId[], app: AppId): AppId[] {
  const left = stack.filter((screen) => screen !== app);
  return left.length > 0 ? left : ['launcher'];
}
