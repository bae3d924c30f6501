import type { BroadcastBody } from '@cloudphone/contracts/messages';
import { ASSISTANT_CONFIG_KEYS, assistantFrom } from '../../providers/assistant/assistant-provider';
import type { AuditActor } from '../../repositories/audit.repository';
import type { Repositories } from '../../repositories/index';
import { AppError } from '../app-error';
import type { Clock } from '../clock';
import { ANALYTICS_FORWARD_URL_KEY } from '../content/analytics.service';
import type { MessageService } from '../content/message.service';
import type { AuditTrail } from './audit-trail';

/** What the trail keeps of a broadcast: what went, to whom and to how many. */
interface Broadcast {
  title: string;
  content: string;
  uid: string | null;
  recipients: number;
}

/**
 * What a merchant tells its customers (issue 64), the operations `message:send`, `assistant:set` and
 * `analytics:forward` are the shell's face of: broadcasts (the trail is their record: what went, to how
 * many, by whom), the AI assistant (its key written and never read back) and analytics forwarding.
 */
export class ConsoleMessages {
  constructor(
    private readonly deps: {
      repos: Repositories;
      clock: Clock;
      audit: AuditTrail;
      messages: MessageService;
    },
  ) {}

  async broadcast(actor: AuditActor, tenantId: number, body: BroadcastBody) {
    const sent = (recipients: number): Broadcast => ({
      title: body.title,
      content: body.content,
      uid: body.uid ?? null,
      recipients,
    });
    const { recipients } = await this.deps.messages.broadcast(tenantId, body, (tx, recipients) =>
      this.deps.audit.record(tx, actor, tenantId, {
        action: 'message.broadcast',
        target: ['customers', body.uid ?? 'all'],
        after: sent(recipients),
      }),
    );
    return { ...sent(recipients), sentAt: this.deps.clock.now(), sentBy: actor.name };
  }

  async sent(tenantId: number, page: { pageNo: number; pageSize: number }) {
    const { rows, total } = await this.deps.audit.list(tenantId, { action: 'message.broadcast' }, page);
    return {
      total,
      list: rows.map((row) => ({ ...(row.after as Broadcast), sentAt: row.at, sentBy: row.actor.name })),
    };
  }

  async assistant(tenantId: number) {
    const kept = await this.deps.repos.config.tenantValues(tenantId, Object.values(ASSISTANT_CONFIG_KEYS));
    return {
      url: kept.get(ASSISTANT_CONFIG_KEYS.url) ?? '',
      model: kept.get(ASSISTANT_CONFIG_KEYS.model) ?? '',
      keySet: Boolean(kept.get(ASSISTANT_CONFIG_KEYS.apiKey)),
    };
  }

  /** On with a URL (a key left out keeps the one kept), off with none; the trail says only whether the key changed. */
  async setAssistant(actor: AuditActor, tenantId: number, settings: { url: string; model: string; key?: string }) {
    const before = await this.assistant(tenantId);
    await this.deps.repos.transaction(async (tx) => {
      const off = settings.url === '';
      await tx.config.setTenantValue(tenantId, ASSISTANT_CONFIG_KEYS.url, settings.url);
      await tx.config.setTenantValue(tenantId, ASSISTANT_CONFIG_KEYS.model, off ? '' : settings.model);
      if (off || settings.key)
        await tx.config.setTenantValue(tenantId, ASSISTANT_CONFIG_KEYS.apiKey, off ? '' : settings.key!);
      await this.deps.audit.record(tx, actor, tenantId, {
        action: 'assistant.set',
        target: ['tenant', String(tenantId)],
        before: { url: before.url, model: before.model },
        after: {
          url: settings.url,
          model: off ? '' : settings.model,
          keyChanged: off ? before.keySet : Boolean(settings.key),
        },
      });
    });
    return this.assistant(tenantId);
  }

  /** Asks the assistant as it is set up, as a customer's question would be. */
  async testAssistant(tenantId: number, question: string, language: string): Promise<{ answer: string }> {
    const assistant = assistantFrom(
      await this.deps.repos.config.tenantValues(tenantId, Object.values(ASSISTANT_CONFIG_KEYS)),
    );
    if (!assistant) throw new AppError('assistantOff');
    try {
      return { answer: await assistant.answer(question, language) };
    } catch {
      throw new AppError('assistantFailed');
    }
  }

  async analyticsForward(tenantId: number) {
    const kept = await this.deps.repos.config.tenantValues(tenantId, [ANALYTICS_FORWARD_URL_KEY]);
    return { url: kept.get(ANALYTICS_FORWARD_URL_KEY) ?? '' };
  }

  async setAnalyticsForward(actor: AuditActor, tenantId: number, url: string) {
    const before = await this.analyticsForward(tenantId);
    await this.deps.repos.transaction(async (tx) => {
      await tx.config.setTenantValue(tenantId, ANALYTICS_FORWARD_URL_KEY, url);
      await this.deps.audit.record(tx, actor, tenantId, {
        action: 'analytics.forward',
        target: ['tenant', String(tenantId)],
        before,
        after: { url },
      });
    });
    return { url };
  }
}
