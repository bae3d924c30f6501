import { beforeEach, describe, expect, it } from 'vitest';
import { LOGOUT_CLEARED_KEYS, StorageKey } from '@cloudphone/contracts/storage-keys';
import { reloadSession, session, setNavigator, useSession } from './session';

const navigations: string[] = [];
beforeEach(() => {
  navigations.length = 0;
  setNavigator((to) => navigations.push(to));
  for (const key of Object.values(StorageKey)) localStorage.setItem(key, JSON.stringify(`value of ${key}`));
  localStorage.setItem(StorageKey.clientNo, JSON.stringify('demo'));
  reloadSession();
});

describe('session (spec §4)', () => {
  it('logout clears the listed keys, keeps the clientNo and goes to /login', () => {
    session.logout();
    for (const key of LOGOUT_CLEARED_KEYS) expect(localStorage.getItem(key), key).toBeNull();
    expect(localStorage.getItem(StorageKey.clientNo)).toBe(JSON.stringify('demo'));
    expect(localStorage.getItem(StorageKey.language)).not.toBeNull();
    expect(navigations).toEqual(['/login/demo']);
    expect(useSession.getState().token).toBeNull();
  });

  it('entering another client number clears stored login data', () => {
    session.enterClient('tenant100');
    expect(localStorage.getItem(StorageKey.token)).toBeNull();
    expect(localStorage.getItem(StorageKey.tenantId)).toBeNull();
    expect(localStorage.getItem(StorageKey.clientNo)).toBe(JSON.stringify('tenant100'));
    expect(useSession.getState()).toMatchObject({ clientNo: 'tenant100', token: null, tenantId: null });
  });

  it('entering the same client number keeps the login', () => {
    session.enterClient('demo');
    expect(localStorage.getItem(StorageKey.token)).not.toBeNull();
  });
});
