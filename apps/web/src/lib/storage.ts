import { StorageKey, type StorageKeyName } from '@cloudphone/contracts/storage-keys';

/** Browser storage under the exact keys of spec §3. Values are JSON; a corrupt value reads as absent. */
export const storage = {
  get<T>(key: StorageKeyName): T | null {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  set(key: StorageKeyName, value: unknown): void {
    localStorage.setItem(key, JSON.stringify(value));
  },
  remove(keys: StorageKeyName | readonly StorageKeyName[]): void {
    for (const key of [keys].flat()) localStorage.removeItem(key);
  },
};

export { StorageKey };
