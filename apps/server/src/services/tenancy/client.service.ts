import { CLIENT_CONFIG_DEFAULTS, type ClientConfigKey } from '@cloudphone/contracts/config-keys';
import type { AboutApp, ClientFunction, ClientSecureData } from '@cloudphone/contracts/client';
import type { InlinedClient } from '@cloudphone/contracts/inlined-client';
import { AppError } from '../app-error';
import { callerLanguage, inCallerLanguage } from '../../http/caller-language';
import type { Client } from '../../repositories/client.repository';
import type { RepositoriesOf } from '../../repositories/index';

/** What a client number tells an anonymous visitor: its tenant, its look, and what it offers. */
export class ClientService {
  constructor(private readonly repos: RepositoriesOf<'clientFunctions' | 'clients' | 'config' | 'content'>) {}

  async byClientNo(clientNo: string): Promise<Client> {
    const client = await this.repos.clients.findByClientNo(clientNo.toLowerCase());
    if (!client) throw new AppError('clientNotFound');
    return client;
  }

  async byId(clientId: number): Promise<Client> {
    const client = await this.repos.clients.findById(clientId);
    if (!client) throw new AppError('clientNotFound');
    return client;
  }

  async secureData(clientNo: string): Promise<ClientSecureData> {
    return secureDataOf(await this.byClientNo(clientNo));
  }

  async aboutApp(clientNo: string): Promise<AboutApp> {
    return this.aboutOf(await this.byClientNo(clientNo));
  }

  /**
   * A page's client data, written into its HTML (issue 28), in the language the browser asks for;
   * null when the path's last segment names no client (a route name, a mistyped number).
   */
  async inlined(clientNo: string): Promise<InlinedClient | null> {
    const client = await this.repos.clients.findByClientNo(clientNo.toLowerCase());
    if (!client) return null;
    const [about, functions] = await Promise.all([this.aboutOf(client), this.enabledFunctions(client.id)]);
    return { clientNo: client.clientNo, language: callerLanguage(), secure: secureDataOf(client), about, functions };
  }

  private async aboutOf(client: Client): Promise<AboutApp> {
    const [agreements, config] = await Promise.all([
      this.repos.content.agreements(client.id),
      this.config(client.id, ['app.version']),
    ]);
    const summary = (type: 1 | 2) => {
      const agreement = agreements.find((a) => a.type === type);
      return agreement ? { type, name: inCallerLanguage(agreement.name) } : null;
    };
    return {
      clientName: client.name,
      logoUrl: client.logoUrl,
      theme: client.theme,
      aiMode: client.aiMode,
      version: config['app.version'],
      firstAgreement: summary(1),
      secondAgreement: summary(2),
    };
  }

  /** Only enabled entries are shown to users (spec §6). */
  async enabledFunctions(clientId: number): Promise<ClientFunction[]> {
    return this.repos.clientFunctions.list(clientId, true);
  }

  /** Client settings with their defaults filled in. */
  async config<K extends ClientConfigKey>(clientId: number, keys: readonly K[]): Promise<Record<K, string>> {
    const stored = await this.repos.config.clientValues(clientId, keys);
    return Object.fromEntries(keys.map((k) => [k, stored.get(k) ?? CLIENT_CONFIG_DEFAULTS[k]])) as Record<K, string>;
  }
}

function secureDataOf(client: Client): ClientSecureData {
  return { tenantId: client.tenantId, clientId: client.id, platform: client.platform };
}
