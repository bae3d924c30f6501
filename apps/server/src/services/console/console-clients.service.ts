import type { AdminClient } from '@cloudphone/contracts/console-clients';
import type { FunctionKey } from '@cloudphone/contracts/client-functions';
import type { AgreementType } from '@cloudphone/contracts/client';
import {
  CLIENT_CONFIG_DEFAULTS,
  CLIENT_CONFIG_KEYS,
  LIMIT_CONFIG_KEYS,
  type ClientConfigKey,
  type LimitConfigKey,
} from '@cloudphone/contracts/config-keys';
import type { LocalizedText } from '@cloudphone/contracts/locale';
import type { ThemeName } from '@cloudphone/contracts/theme';
import type { AuditActor } from '../../repositories/audit.repository';
import type { Client } from '../../repositories/client.repository';
import type { Repositories, RepositoriesOf } from '../../repositories/index';
import { AppError } from '../app-error';
import type { BrandService } from '../content/brand.service';
import type { ConfigService } from '../tenancy/config.service';
import type { TenantAdminService } from '../tenancy/tenant-admin.service';
import type { AuditTrail, AuditedChange } from './audit-trail';

type Reads = RepositoriesOf<'clients' | 'clientFunctions' | 'content' | 'config'>;

/**
 * A tenant's clients as its staff run them (issue 63) — theme, logo, functions, agreements, customer
 * service, download and version settings — and the tenant's limits: the operations `client:*` and
 * `config:set` are the shell's face of, each change written with its audit row in one unit of work.
 */
export class ConsoleClients {
  constructor(
    private readonly deps: {
      repos: Repositories;
      audit: AuditTrail;
      tenantAdmin: TenantAdminService;
      brand: BrandService;
      config: ConfigService;
    },
  ) {}

  async list(tenantId: number) {
    const clients = await this.deps.repos.clients.ofTenant(tenantId);
    return {
      clients: await Promise.all(clients.map((client) => this.view(client))),
      limits: await this.deps.config.limits(tenantId, LIMIT_CONFIG_KEYS),
    };
  }

  /** The tenant's clients as a picker names them. */
  async names(tenantId: number) {
    const clients = await this.deps.repos.clients.ofTenant(tenantId);
    return clients.map(({ id, clientNo, name }) => ({ clientId: id, clientNo, name }));
  }

  setTheme(actor: AuditActor, tenantId: number, clientId: number, theme: ThemeName) {
    return this.change(actor, tenantId, clientId, async (tx, client) => {
      await tx.clients.update(client.id, { theme });
      return { action: 'client.theme', before: { theme: client.theme }, after: { theme } };
    });
  }

  setFunction(actor: AuditActor, tenantId: number, clientId: number, key: FunctionKey, enable: boolean) {
    return this.change(actor, tenantId, clientId, async (tx, client) => {
      const before = await tx.clientFunctions.isEnabled(client.id, key);
      await this.deps.tenantAdmin.switchFunction(tx, client.id, key, enable);
      return { action: 'client.function', before: { [key]: before }, after: { [key]: enable } };
    });
  }

  /** The logo's picture is a blob; the audit row names only that it changed, by the address the app shows. */
  setLogo(actor: AuditActor, tenantId: number, clientId: number, image: Buffer) {
    return this.change(actor, tenantId, clientId, async (tx, client) => {
      const { logoUrl } = await this.deps.brand.setLogo(client.clientNo, image, tx);
      return { action: 'client.logo', before: { logoUrl: client.logoUrl }, after: { logoUrl } };
    });
  }

  setAgreement(
    actor: AuditActor,
    tenantId: number,
    clientId: number,
    agreement: { type: AgreementType; name: LocalizedText; content: LocalizedText },
  ) {
    return this.change(actor, tenantId, clientId, async (tx, client) => {
      const before = await tx.content.agreement(client.id, agreement.type);
      await tx.content.setAgreement(client.id, agreement);
      // The bodies may be long pages: the trail keeps titles, and the body's length as a mark of its change.
      const told = (a: { type: number; name: LocalizedText; content: LocalizedText } | undefined) =>
        a && { type: a.type, name: a.name, length: a.content['zh-CN'].length + a.content['en-US'].length };
      return { action: 'client.agreement', before: told(before), after: told(agreement) };
    });
  }

  setCustomerService(
    actor: AuditActor,
    tenantId: number,
    clientId: number,
    contact: { qrFile?: Buffer; qrUrl?: string; link: string; workTime: string },
  ) {
    return this.change(actor, tenantId, clientId, async (tx, client) => {
      const before = await tx.content.customerService(client.id);
      const after = await this.deps.brand.setCustomerService(client.clientNo, contact, tx);
      return { action: 'client.customer-service', before, after };
    });
  }

  setSetting(actor: AuditActor, tenantId: number, clientId: number, key: ClientConfigKey, value: string) {
    return this.change(actor, tenantId, clientId, async (tx, client) => {
      const before = (await tx.config.clientValues(client.id, [key])).get(key) ?? CLIENT_CONFIG_DEFAULTS[key];
      await tx.config.setClientValue(client.id, key, value);
      return { action: 'client.setting', before: { [key]: before }, after: { [key]: value } };
    });
  }

  async setLimit(actor: AuditActor, tenantId: number, key: LimitConfigKey, value: number): Promise<void> {
    await this.deps.repos.transaction(async (tx) => {
      const before = await this.deps.config.limit(tenantId, key, tx);
      await tx.config.setTenantValue(tenantId, key, String(value));
      await this.deps.audit.record(tx, actor, tenantId, {
        action: 'tenant.limit',
        target: ['tenant', String(tenantId)],
        before: { [key]: before },
        after: { [key]: value },
      });
    });
  }

  /** The tenant's client `clientId`; another tenant's is one that does not exist. */
  async client(tenantId: number, clientId: number, repos: RepositoriesOf<'clients'> = this.deps.repos) {
    const client = await repos.clients.findById(clientId);
    if (!client || client.tenantId !== tenantId) throw new AppError('clientNotOfTenant');
    return client;
  }

  /** Runs one change of a client with its audit row, and answers the client as it is after. */
  private async change(
    actor: AuditActor,
    tenantId: number,
    clientId: number,
    work: (tx: Repositories, client: Client) => Promise<Omit<AuditedChange, 'target'>>,
  ): Promise<AdminClient> {
    return this.deps.repos.transaction(async (tx) => {
      const client = await this.client(tenantId, clientId, tx);
      const change = await work(tx, client);
      await this.deps.audit.record(tx, actor, tenantId, { ...change, target: ['client', client.clientNo] });
      return this.view((await tx.clients.findById(client.id))!, tx);
    });
  }

  private async view(client: Client, repos: Reads = this.deps.repos): Promise<AdminClient> {
    const [functions, agreements, customerService, settings] = await Promise.all([
      repos.clientFunctions.list(client.id, false),
      repos.content.agreements(client.id),
      repos.content.customerService(client.id),
      repos.config.clientValues(client.id, CLIENT_CONFIG_KEYS),
    ]);
    return {
      clientId: client.id,
      clientNo: client.clientNo,
      name: client.name,
      theme: client.theme,
      platform: client.platform,
      logoUrl: client.logoUrl,
      functions: functions.map(({ key, enable }) => ({ key, enable })),
      agreements: agreements.map(({ type, name, content }) => ({ type, name, content })),
      customerService: customerService ?? { qrCodeUrl: '', link: '', workTime: '' },
      settings: Object.fromEntries(
        CLIENT_CONFIG_KEYS.map((key) => [key, settings.get(key) ?? CLIENT_CONFIG_DEFAULTS[key]]),
      ),
    };
  }
}
