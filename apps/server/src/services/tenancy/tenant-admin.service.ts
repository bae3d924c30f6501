import {
  DEFAULT_ENABLED_FUNCTIONS,
  FUNCTION_KEYS,
  type FunctionKey,
  type Platform,
} from '@cloudphone/contracts/client';
import { AI_MODE_TENANT_ID, themeForTenant, type ThemeName } from '@cloudphone/contracts/theme';
import type { AgreementType } from '@cloudphone/contracts/client';
import type { LocalizedText } from '@cloudphone/contracts/locale';
import { AppError } from '../app-error';
import type { Client } from '../../repositories/client.repository';
import type { Repositories, RepositoriesOf } from '../../repositories/index';
import type { HostDeliveryService } from '../hosts/host-delivery.service';

/** The default display name of each function entry (merchants may rename them). */
export const FUNCTION_NAMES: Record<FunctionKey, string> = {
  root_button: 'Root',
  reboot_button: 'Restart',
  reset_button: 'Factory reset',
  upgrade_button: 'Upgrade',
  new_button: 'New machine',
  renew_button: 'Renew',
  transfer_button: 'Transfer',
  auth_button: 'Authorize',
  clone_button: 'Clone',
  template_button: 'Template',
  change_button: 'Replace',
  connect_button: 'Connect',
  discovery: 'Discover',
  product_buy: 'Product order',
  activation_code: 'Activation code',
};

export interface NewClientInput {
  tenantId: number;
  clientNo: string;
  name: string;
  logoUrl?: string;
  theme?: ThemeName;
  platform?: Platform;
  /** Function keys to enable besides the two that are on by default. */
  enable?: readonly FunctionKey[];
}

/** What a merchant's operator does through the admin CLI: tenants, clients, their look and functions. */
export class TenantAdminService {
  constructor(
    private readonly repos: RepositoriesOf<'clientFunctions' | 'clients' | 'content' | 'tenants'>,
    private readonly delivery: HostDeliveryService,
  ) {}

  async createTenant(name: string, id?: number) {
    const tenantId = id ?? (await this.repos.tenants.nextId());
    if (await this.repos.tenants.findById(tenantId)) throw new AppError('conflict');
    return this.repos.tenants.create({ id: tenantId, name });
  }

  /** A client starts with every function listed, and the defaults of spec §3 (plus `enable`) switched on. */
  async createClient(input: NewClientInput): Promise<Client> {
    if (!(await this.repos.tenants.findById(input.tenantId))) throw new AppError('tenantMismatch');
    if (await this.repos.clients.findByClientNo(input.clientNo.toLowerCase())) throw new AppError('conflict');
    const client = await this.repos.clients.create({
      tenantId: input.tenantId,
      clientNo: input.clientNo.toLowerCase(),
      name: input.name,
      logoUrl: input.logoUrl ?? '',
      theme: input.theme ?? themeForTenant(input.tenantId),
      platform: input.platform ?? 'h5',
      aiMode: input.tenantId === AI_MODE_TENANT_ID,
    });
    const enabled = new Set<FunctionKey>([...DEFAULT_ENABLED_FUNCTIONS, ...(input.enable ?? [])]);
    for (const [sort, key] of FUNCTION_KEYS.entries()) {
      await this.repos.clientFunctions.set(client.id, {
        key,
        name: FUNCTION_NAMES[key],
        props: {},
        enable: enabled.has(key),
        sort,
      });
    }
    return client;
  }

  async clientByNo(clientNo: string): Promise<Client> {
    const client = await this.repos.clients.findByClientNo(clientNo.toLowerCase());
    if (!client) throw new AppError('clientNotFound');
    return client;
  }

  async setTheme(clientNo: string, theme: ThemeName): Promise<void> {
    await this.repos.clients.update((await this.clientByNo(clientNo)).id, { theme });
  }

  async setFunction(clientNo: string, key: FunctionKey, enable: boolean): Promise<void> {
    const client = await this.clientByNo(clientNo);
    await this.repos.transaction((tx) => this.switchFunction(tx, client.id, key, enable));
  }

  /**
   * Switches a client's function in the unit of work `tx`. Switching `connect_button` off closes the ADB
   * endpoints switched on in the client's app (issue 35).
   */
  async switchFunction(tx: Repositories, clientId: number, key: FunctionKey, enable: boolean): Promise<void> {
    await tx.clientFunctions.set(clientId, {
      key,
      name: FUNCTION_NAMES[key],
      props: {},
      enable,
      sort: FUNCTION_KEYS.indexOf(key),
    });
    if (key === 'connect_button' && !enable)
      await this.delivery.closeAdb(tx, await tx.adb.phonesWithAdbInClient(clientId));
  }

  async setAgreement(
    clientNo: string,
    type: AgreementType,
    name: LocalizedText,
    content: LocalizedText,
  ): Promise<void> {
    await this.repos.content.setAgreement((await this.clientByNo(clientNo)).id, { type, name, content });
  }
}
