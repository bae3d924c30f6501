import { create } from 'zustand';
import type { AboutApp, ClientFunction, ClientSecureData } from '@cloudphone/contracts/client';
import { CLIENT_CHANGE_CLEARED_KEYS, LOGOUT_CLEARED_KEYS } from '@cloudphone/contracts/storage-keys';
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
    aboutApp: storage.get(StorageKey.aboutAppData),
    functions: storage.get(StorageKey.allowedFunctionList),
  };
}

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

  /** Logout (spec §4): clears what the spec lists, keeps the clientNo, goes to /login. */
  logout(): void {
    storage.remove(LOGOUT_CLEARED_KEYS);
    const clientNo = useSession.getState().clientNo;
    useSession.setState({ token: null, refreshToken: null, aboutApp: null });
    navigateTo(clientNo ? `/login/${clientNo}` : '/404');
  },
};
