import { WALLET_FIELDS, WALLETS, type AdminWallet, type Wallet } from '@cloudphone/contracts/console-clients';
import {
  ALIPAY_GATEWAYS,
  readSettings,
  shownSettings,
  WALLET_SCHEMAS,
  WALLET_SETTING_KEYS,
} from '../../providers/payments/wallet-settings';
import type { AuditActor } from '../../repositories/audit.repository';
import type { Client } from '../../repositories/client.repository';
import type { RepositoriesOf } from '../../repositories/index';
import { AppError } from '../app-error';
import type { AuditTrail } from './audit-trail';
import type { ConsoleClients } from './console-clients.service';

/** What the console may write of a wallet; the shell may also point one at a test's stand-in (`api`). */
export const CONSOLE_WALLET_FIELDS: Record<Wallet, readonly string[]> = {
  wechat: WALLET_FIELDS.wechat.map((field) => field.key),
  alipay: WALLET_FIELDS.alipay.map((field) => field.key),
};

const storedJson = (stored: string | undefined): Record<string, unknown> => {
  try {
    return stored ? (JSON.parse(stored) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/**
 * Each client's wallets as finance runs them (issue 63; docs/payments.md), the operations `pay:*` is the
 * shell's face of: set up (a secret left empty keeps the one kept), checked (off, ready, or kept but no
 * longer valid), turned off. Secrets go in and never out: not in a reply, a page or the trail, which
 * records only which settings changed.
 */
export class ConsoleWallets {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'clients' | 'config' | 'audit'>;
      audit: AuditTrail;
      consoleClients: ConsoleClients;
    },
  ) {}

  async list(tenantId: number) {
    const clients = await this.deps.repos.clients.ofTenant(tenantId);
    return Promise.all(
      clients.map(async (client) => ({
        clientId: client.id,
        clientNo: client.clientNo,
        name: client.name,
        wallets: await this.wallets(client.id),
      })),
    );
  }

  async set(
    actor: AuditActor,
    tenantId: number,
    clientId: number,
    wallet: Wallet,
    given: Record<string, string | undefined>,
    writable: readonly string[] = CONSOLE_WALLET_FIELDS[wallet],
  ): Promise<AdminWallet> {
    const unknown = Object.keys(given).filter((key) => !writable.includes(key));
    if (unknown.length > 0) throw new AppError('walletSettingsInvalid', null, [unknown.join(', ')]);
    return this.deps.repos.transaction(async (tx) => {
      const client = await this.deps.consoleClients.client(tenantId, clientId, tx);
      const key = WALLET_SETTING_KEYS[wallet];
      const kept = storedJson((await tx.config.clientValues(client.id, [key])).get(key));
      const changed = Object.entries(given)
        .filter(([, value]) => value !== undefined && value.trim() !== '')
        .map(([name, value]) => [name, name === 'gateway' ? gatewayOf(value!.trim()) : value!.trim()] as const);
      const parsed = WALLET_SCHEMAS[wallet].safeParse({ ...kept, ...Object.fromEntries(changed) });
      // A wrong setting is named, never echoed: it may be a secret.
      if (!parsed.success)
        throw new AppError('walletSettingsInvalid', null, [
          [...new Set(parsed.error.issues.map((i) => i.path.join('.')))].join(', '),
        ]);
      await tx.config.setClientValue(client.id, key, JSON.stringify(parsed.data));
      await this.record(tx, actor, client, 'wallet.set', {
        wallet,
        changed: changed.filter(([name, value]) => kept[name] !== value).map(([name]) => name),
      });
      return { wallet, state: 'ready', shown: shownSettings(wallet, parsed.data) };
    });
  }

  async off(actor: AuditActor, tenantId: number, clientId: number, wallet: Wallet): Promise<AdminWallet> {
    return this.deps.repos.transaction(async (tx) => {
      const client = await this.deps.consoleClients.client(tenantId, clientId, tx);
      await tx.config.setClientValue(client.id, WALLET_SETTING_KEYS[wallet], '');
      await this.record(tx, actor, client, 'wallet.off', { wallet });
      return { wallet, state: 'off', shown: {} };
    });
  }

  /** A client's wallets as they stand: off, ready, or kept but no longer valid. */
  async wallets(clientId: number): Promise<AdminWallet[]> {
    const stored = await this.deps.repos.config.clientValues(clientId, Object.values(WALLET_SETTING_KEYS));
    return WALLETS.map((wallet) => {
      const raw = stored.get(WALLET_SETTING_KEYS[wallet]);
      const settings = readSettings(WALLET_SCHEMAS[wallet], raw);
      if (settings) return { wallet, state: 'ready', shown: shownSettings(wallet, settings) };
      return { wallet, state: raw ? 'invalid' : 'off', shown: raw ? shownSettings(wallet, storedJson(raw)) : {} };
    });
  }

  private record(
    tx: RepositoriesOf<'audit'>,
    actor: AuditActor,
    client: Client,
    action: 'wallet.set' | 'wallet.off',
    after: object,
  ) {
    return this.deps.audit.record(tx, actor, client.tenantId, { action, target: ['client', client.clientNo], after });
  }
}

/** Alipay's gateway by its name (`sandbox`, `production`) or its address. */
function gatewayOf(value: string): string {
  return ALIPAY_GATEWAYS[value as keyof typeof ALIPAY_GATEWAYS] ?? value;
}
