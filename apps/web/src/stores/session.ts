import { create } from 'zustand';
import type { TokenPair, UserInfo } from '@cloudphone/contracts/auth';
import type { AboutApp, ClientFunction, ClientSecureData } from '@cloudphone/contracts/client';
import { CLIENT_CHANGE_CLEARED_KEYS } from '@cloudphone/contracts/storage-keys';
import type { Language } from '@cloudphone/contracts/locale';
import { changeLanguage, currentLanguage } from '../lib/i18n/index';
import { queryClient } from '../lib/query-client';
import * as auth from '@cloudphone/contracts/endpoints/merchant/auth';
import * as client from '@cloudphone/contracts/endpoints/merchant/client';
import * as user from '@cloudphone/contracts/endpoints/merchant/user';
import { call } from '../lib/api-client';
import { connectSession } from '../lib/request';
import { storage, StorageKey } from '../lib/storage';

/**
 * Who is using the app and for which client: mirrors the storage keys of spec §3, so a reload
 * resumes where the user was. Server data (phones, orders…) lives in the query cache, not here.
 */
interface SessionState {
  clientNo: string | null;
  tenantId: number | null;
  clientId: number | null;
  token: string | null;
  refreshToken: string | null;
  /** The last user info loaded, shown (masked) before the next load finishes (spec §3). */
  userInfo: UserInfo | null;
  aboutApp: AboutApp | null;
  functions: ClientFunction[] | null;
}

function fromStorage(): SessionState {
  return {
    clientNo: storage.get(StorageKey.clientNo),
    tenantId: storage.get(StorageKey.tenantId),
    clientId: storage.get(StorageKey.clientId),
    token: storage.get(StorageKey.token),
    refreshToken: storage.get(StorageKey.refreshToken),
    userInfo: storage.get(StorageKey.userInfo),
    aboutApp: storage.get(StorageKey.aboutAppData),
    functions: storage.get(StorageKey.allowedFunctionList),
  };
}

/**
 * Logout keeps only the client number, the language and the browser fingerprint: the spec §4 list
 * plus the tenant's identity and function list, which the next visit looks up again.
 */
export const KEPT_AFTER_LOGOUT = [
  StorageKey.clientNo,
  StorageKey.language,
  StorageKey.cuid,
  StorageKey.homeGuideSeen,
] as const;
const CLEARED_BY_LOGOUT = Object.values(StorageKey).filter((key) => !KEPT_AFTER_LOGOUT.some((kept) => kept === key));

export const useSession = create<SessionState>(() => fromStorage());

/** Re-reads storage (after another tab or a test changed it). */
export function reloadSession(): void {
  useSession.setState(fromStorage());
}

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(`/app${to}`);

/** The router registers itself so code outside React (the request layer) can move the user. */
export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

export function navigateTo(to: string): void {
  navigate(to);
}

/**
 * At login this device and the account agree on one language: a language chosen on this device wins
 * and the account keeps it; otherwise the device takes the account's (issue 10 §4). A browser's
 * default is no choice: it is not written to the account, where it would outvote another device's.
 */
async function settleLanguage(account: Language | null, token: string): Promise<void> {
  const chosenHere = storage.get<string>(StorageKey.language) !== null;
  if (!chosenHere) {
    if (account && account !== currentLanguage()) await changeLanguage(account);
    return;
  }
  const language = currentLanguage();
  if (account !== language) await call(user.update, { body: { language }, token, silent: true }).catch(() => null);
}

export const session = {
  /** A different client number than the stored one clears all stored login data first (spec §4). */
  enterClient(clientNo: string): void {
    const stored = useSession.getState().clientNo;
    if (stored !== null && stored !== clientNo) {
      storage.remove(CLIENT_CHANGE_CLEARED_KEYS);
      useSession.setState({ ...fromStorage(), clientNo });
    }
    storage.set(StorageKey.clientNo, clientNo);
    useSession.setState({ clientNo });
  },

  /** Remembers a clientNo without the checks of entering it (the navigation rule for a lost clientNo). */
  saveClientNo(clientNo: string): void {
    storage.set(StorageKey.clientNo, clientNo);
    useSession.setState({ clientNo });
  },

  setClient(data: ClientSecureData): void {
    storage.set(StorageKey.tenantId, data.tenantId);
    storage.set(StorageKey.clientId, data.clientId);
    useSession.setState({ tenantId: data.tenantId, clientId: data.clientId });
  },

  setAboutApp(about: AboutApp): void {
    storage.set(StorageKey.aboutAppData, about);
    storage.set(StorageKey.firstAgreementData, about.firstAgreement);
    storage.set(StorageKey.secondAgreementData, about.secondAgreement);
    useSession.setState({ aboutApp: about });
  },

  setFunctions(functions: ClientFunction[]): void {
    storage.set(StorageKey.allowedFunctionList, functions);
    useSession.setState({ functions });
  },

  setTokens(token: string, refreshToken: string): void {
    storage.set(StorageKey.token, token);
    storage.set(StorageKey.refreshToken, refreshToken);
    useSession.setState({ token, refreshToken });
  },

  setUserInfo(userInfo: UserInfo): void {
    storage.set(StorageKey.userInfo, userInfo);
    useSession.setState({ userInfo });
  },

  /** Loads the signed-in user's info and keeps it; a failure shows the server's message (spec §8). */
  async loadUserInfo(token?: string): Promise<UserInfo> {
    const info = await call(user.get, { token });
    session.setUserInfo(info);
    return info;
  },

  /**
   * After a successful login: loads the user with the new token, then keeps the tokens. Keeping them
   * is what moves the app on (the shell sends a signed-in user away from login, to `redirect`).
   */
  async login(tokens: TokenPair): Promise<void> {
    queryClient.clear();
    // The login itself succeeded; without user info the pages load it again.
    const info = await session.loadUserInfo(tokens.accessToken).catch(() => null);
    if (info) await settleLanguage(info.language, tokens.accessToken);
    session.setTokens(tokens.accessToken, tokens.refreshToken);
  },

  /**
   * The app's language switch: the app changes at once, a signed-in user's account keeps the choice
   * so that text the server makes follows it (issue 10 §4), and what the server wrote is read again.
   */
  async switchLanguage(language: Language): Promise<void> {
    await changeLanguage(language);
    const { token, clientNo } = useSession.getState();
    if (token) await call(user.update, { body: { language } }).catch(() => null);
    // The agreement titles of the about-app data are the merchant's, in the language asked for.
    if (clientNo)
      await call(client.getAboutApp, { query: { clientNo }, silent: true })
        .then(session.setAboutApp)
        .catch(() => null);
    await queryClient.invalidateQueries();
  },

  /** The user logs out: the server revokes the session (best effort, silently), then it ends here. */
  async logout(): Promise<void> {
    if (useSession.getState().token) {
      await call(auth.logout, { silent: true, signingOut: true }).catch(() => null);
    }
    session.clearLogin();
  },

  /**
   * Ends the session on this browser (spec §4) and goes to /login. The page keeps the client it
   * shows in memory, so login works at once; a reload looks the client up again.
   */
  clearLogin(): void {
    storage.remove(CLEARED_BY_LOGOUT);
    const clientNo = useSession.getState().clientNo;
    useSession.setState({ token: null, refreshToken: null, userInfo: null });
    queryClient.clear();
    navigateTo(clientNo ? `/login/${clientNo}` : '/404');
  },
};

// The request layer reads the session through this port (it does not import the store).
connectSession({
  current: () => useSession.getState(),
  setTokens: (token, refreshToken) => session.setTokens(token, refreshToken),
  clearLogin: () => session.clearLogin(),
});
