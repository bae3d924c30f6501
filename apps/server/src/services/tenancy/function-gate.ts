import type { FunctionKey } from '@cloudphone/contracts/client';
import { AppError } from '../app-error';
import type { RepositoriesOf } from '../../repositories/index';
import type { AuthUser } from '../accounts/auth.service';

/**
 * The client's function list on the server (spec §3, §6): a function switched off (or never
 * switched on) is hidden by the client and refused here, so the API cannot do what the UI hides.
 */
export class FunctionGate {
  constructor(private readonly repos: RepositoriesOf<'clientFunctions'>) {}

  enabled(auth: Pick<AuthUser, 'clientId'>, key: FunctionKey): Promise<boolean> {
    return this.repos.clientFunctions.isEnabled(auth.clientId, key);
  }

  /** Refuses with "This function is not enabled" unless the caller's client has `key` on. */
  async require(auth: Pick<AuthUser, 'clientId'>, key: FunctionKey): Promise<void> {
    if (!(await this.enabled(auth, key))) throw new AppError('functionDisabled');
  }
}
