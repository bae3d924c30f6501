import { KEY_MAPS_PER_ACCOUNT, keyMapRefusal, type KeyMap, type KeyMapReply } from '@cloudphone/contracts/key-maps';
import { AppError } from '../app-error';
import type { RepositoriesOf } from '../../repositories/index';
import type { AuthUser } from '../accounts/auth.service';
import type { Clock } from '../clock';

/** The map as the rule has it, or the catalogue's refusal (spec §8: bad input gets a clear message). */
export function checkedKeyMap(map: KeyMap): KeyMap {
  const refused = keyMapRefusal(map);
  if (refused) throw new AppError(refused.key, null, refused.args);
  return map;
}

/**
 * A user's key maps (issue 65): per account and app package, only ever the caller's own. With none of
 * their own a user plays the default their merchant ships with that game; saving makes the user's copy.
 */
export class KeyMapService {
  constructor(private readonly deps: { repos: RepositoriesOf<'keyMaps'>; clock: Clock }) {}

  async get(auth: AuthUser, packageName: string): Promise<KeyMapReply> {
    const own = await this.deps.repos.keyMaps.own(auth.userId, packageName);
    if (own) return { source: 'own', keyMap: own };
    const shipped = await this.deps.repos.keyMaps.gameDefault(auth.clientId, packageName);
    return shipped ? { source: 'default', keyMap: shipped } : { source: 'none', keyMap: null };
  }

  async save(auth: AuthUser, packageName: string, map: KeyMap): Promise<KeyMapReply> {
    const kept = await this.deps.repos.keyMaps.keep(
      auth.userId,
      packageName,
      checkedKeyMap(map),
      this.deps.clock.now(),
      KEY_MAPS_PER_ACCOUNT,
    );
    if (!kept) throw new AppError('keyMapsFull', null, [KEY_MAPS_PER_ACCOUNT]);
    return { source: 'own', keyMap: map };
  }

  /** Back to the merchant's default (or none). */
  async remove(auth: AuthUser, packageName: string): Promise<KeyMapReply> {
    await this.deps.repos.keyMaps.drop(auth.userId, packageName);
    return this.get(auth, packageName);
  }
}
