import { storage, StorageKey } from './storage';

/**
 * The browser fingerprint id (a cuid), sent as the `device-id` header so the server can list a
 * user's login devices. Made once per browser profile and kept under the `cuid` key.
 */
export function browserFingerprint(): string {
  const existing = storage.get<string>(StorageKey.cuid);
  if (existing) return existing;
  const random = crypto.getRandomValues(new Uint8Array(12));
  const id = `c${Date.now().toString(36)}${Array.from(random, (b) => (b % 36).toString(36)).join('')}`;
  storage.set(StorageKey.cuid, id);
  return id;
}
