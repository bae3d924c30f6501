import { HOUR_MS } from '@cloudphone/contracts/commerce';
import { randomBytes } from 'node:crypto';
import { sameSignature, sha256Hex, signRequestWithBodyHash } from '@cloudphone/contracts/access-key';
import {
  BROADCASTS_PER_HOUR,
  EXPIRY_NOTICE_MS,
  messageText,
  typeOfKind,
  type BroadcastBody,
  type Message,
  type MessageKind,
  type MessageParams,
  type MessageType,
  type UnreadCount,
} from '@cloudphone/contracts/messages';
import { SDK_MAX_SKEW_MS } from '@cloudphone/contracts/sdk';
import type { LiveEventBus } from '../../events/live-event-bus';
import { AppError } from '../app-error';
import { callerLanguage } from '../../http/caller-language';
import {
  ASSISTANT_CONFIG_KEYS,
  assistantFrom,
  type AssistantProvider,
} from '../../providers/assistant/assistant-provider';
import type { Repositories, RepositoriesOf } from '../../repositories/index';
import type { StoredMessage } from '../../repositories/message.repository';
import type { AuthUser } from '../accounts/auth.service';
import type { Clock } from '../clock';

/** An expiry is told up to this long after it (a server down for a while catches up; older ones are let be). */
const EXPIRED_NOTICE_WINDOW_MS = 7 * 24 * HOUR_MS;
/** How often expiries are looked for. */
export const TELL_EXPIRIES_JOB = 'messages.expiries';

/** Whom a message is for. */
export interface Recipient {
  tenantId: number;
  userId: number;
}

/** A merchant call as it arrived, to check its signature on (the SDK's scheme, with a merchant key). */
/** A merchant's key, once its access key and request time have passed (`merchantKeyOf`). */
export interface MerchantKey {
  accessKey: string;
  tenantId: number;
  secretKey: string;
}

/** What a merchant's call signs: its method, path, request time and body as sent. */
export interface MerchantCall {
  requestTime: string;
  signature: string | undefined;
  method: string;
  path: string;
  body: string;
}

/**
 * The message centre (issue 24): messages written by what happens to a user's phones — in the same
 * unit of work as the change, so a change and its message are one — read in the reader's language,
 * told live on /api/events; merchants' broadcasts; the AI assistant.
 */
export class MessageService {
  constructor(
    private readonly repos: RepositoriesOf<
      'messages' | 'users' | 'clients' | 'config' | 'throttleCounters' | 'userPhones'
    >,
    private readonly events: LiveEventBus,
    private readonly clock: Clock,
  ) {}

  /**
   * Writes a message in `tx` (the unit of work of what it tells); its reader hears of it once that
   * commits. With `dedupeKey`, an event's message is written once however often it is told.
   */
  async tell<K extends MessageKind>(
    tx: RepositoriesOf<'messages'>,
    to: Recipient,
    kind: K,
    params: MessageParams[K],
    dedupeKey?: string,
  ): Promise<void> {
    const messageType = typeOfKind(kind);
    const messageId = await tx.messages.create({
      ...to,
      type: messageType,
      kind,
      params,
      dedupeKey,
      createdAt: this.clock.now(),
    });
    if (messageId !== null)
      tx.afterCommit(() => this.events.publish(to.userId, { type: 'message', messageId, messageType }));
  }

  async page(auth: AuthUser, type: MessageType | 'all', pageNo: number, pageSize: number) {
    const page = await this.repos.messages.page(auth.userId, type, pageNo, pageSize);
    return { list: page.list.map((m) => this.view(m)), total: page.total };
  }

  async get(auth: AuthUser, messageId: number): Promise<Message> {
    const message = await this.repos.messages.find(auth.userId, messageId);
    if (!message) throw new AppError('messageNotFound');
    return this.view(message);
  }

  unread(auth: AuthUser): Promise<UnreadCount> {
    return this.repos.messages.unread(auth.userId);
  }

  async read(auth: AuthUser, messageIds: readonly number[]): Promise<UnreadCount> {
    await this.repos.messages.markRead(auth.userId, messageIds, this.clock.now());
    return this.unread(auth);
  }

  async readAll(auth: AuthUser, type?: MessageType): Promise<UnreadCount> {
    await this.repos.messages.markAllRead(auth.userId, type, this.clock.now());
    return this.unread(auth);
  }

  /**
   * A phone's owner is told once when it comes within EXPIRY_NOTICE_MS of expiring, and once when it
   * has expired (issue 24): one message per phone, threshold and expiry time, kept single by its key —
   * a renewed phone's new expiry gets its own. Expiries long past are not told again.
   */
  async tellExpiries(): Promise<number> {
    const now = this.clock.now();
    let told = 0;
    const expiring = await this.repos.userPhones.expiringBetween(now, now + EXPIRY_NOTICE_MS);
    const expired = await this.repos.userPhones.expiringBetween(now - EXPIRED_NOTICE_WINDOW_MS, now);
    for (const [phones, threshold] of [
      [expiring, 'expiring'],
      [expired, 'expired'],
    ] as const) {
      for (const phone of phones) {
        const to = { tenantId: phone.tenantId, userId: phone.userId };
        const ref = { name: phone.name, nameNo: phone.nameNo };
        const key = `${threshold}:${phone.id}:${phone.expireTime}`;
        await this.repos.transaction((tx) =>
          threshold === 'expiring'
            ? this.tell(tx, to, 'phone_expiring', { phone: ref, expireTime: phone.expireTime }, key)
            : this.tell(tx, to, 'phone_expired', { phone: ref }, key),
        );
        told++;
      }
    }
    return told;
  }

  // — the AI assistant

  /** Offered where the client's AI mode is on and the tenant configured an assistant. */
  async assistantState(auth: AuthUser): Promise<{ available: boolean }> {
    return { available: (await this.assistantOf(auth)) !== null };
  }

  /** The question and its answer become the user's assistant messages; the answer is returned. */
  async ask(auth: AuthUser, text: string): Promise<Message> {
    const assistant = await this.assistantOf(auth);
    if (!assistant) throw new AppError('assistantOff');
    const to = { tenantId: auth.tenantId, userId: auth.userId };
    await this.repos.transaction((tx) => this.tell(tx, to, 'assistant_question', { text }));
    let answer: string;
    try {
      answer = await assistant.answer(text, callerLanguage());
    } catch {
      throw new AppError('assistantFailed');
    }
    await this.repos.transaction((tx) => this.tell(tx, to, 'assistant_answer', { text: answer }));
    const [latest] = (await this.repos.messages.page(auth.userId, 'assistant', 1, 1)).list;
    // The user is in the conversation: the question and its answer are read as they arrive.
    await this.repos.messages.markAllRead(auth.userId, 'assistant', this.clock.now());
    return this.view({ ...latest!, read: true });
  }

  private async assistantOf(auth: AuthUser): Promise<AssistantProvider | null> {
    const client = await this.repos.clients.findById(auth.clientId);
    if (!client?.aiMode) return null;
    return assistantFrom(await this.repos.config.tenantValues(auth.tenantId, Object.values(ASSISTANT_CONFIG_KEYS)));
  }

  // — merchants' broadcasts

  /** A broadcast to every user of the tenant, or to the user with that UID; at most BROADCASTS_PER_HOUR. */
  async broadcast(
    tenantId: number,
    body: BroadcastBody,
    /** Written in the same unit of work once it is known how many it reached (the console's audit row). */
    sent: (tx: Repositories, recipients: number) => Promise<void> = async () => undefined,
  ): Promise<{ recipients: number }> {
    const params = { title: body.title, content: body.content };
    const now = this.clock.now();
    return this.repos.transaction(async (tx) => {
      if (!(await tx.throttleCounters.hit('broadcast', `tenant:${tenantId}`, BROADCASTS_PER_HOUR, HOUR_MS, now)))
        throw new AppError('broadcastLimit');
      if (body.uid !== undefined) {
        const user = await tx.users.findByAccount(tenantId, body.uid);
        if (!user || user.userNo !== body.uid) throw new AppError('userNotFound');
        await this.tell(tx, { tenantId, userId: user.id }, 'broadcast', params);
        await sent(tx, 1);
        return { recipients: 1 };
      }
      const recipients = await tx.messages.createForTenant(tenantId, 'broadcast', params, now);
      await sent(tx, recipients);
      // Everyone online hears of it; one event per user is what the channel carries. Read in the unit
      // of work: nothing reads after it commits (the admin CLI closes its database then, issue 48).
      const userIds = await tx.users.activeIdsOf(tenantId);
      tx.afterCommit(() => {
        for (const userId of userIds)
          this.events.publish(userId, { type: 'message', messageId: 0, messageType: 'system' });
      });
      return { recipients };
    });
  }

  /** A merchant key for the tenant's own systems: the secret is shown once, here. */
  async createMerchantKey(tenantId: number): Promise<{ accessKey: string; secretKey: string }> {
    const keys = { accessKey: `mk_${randomBytes(12).toString('hex')}`, secretKey: randomBytes(32).toString('hex') };
    await this.repos.messages.createMerchantKey(tenantId, keys.accessKey, keys.secretKey, this.clock.now());
    return keys;
  }

  /**
   * The merchant key a call names (issue 24), judged from its headers alone, before its body is read
   * (issue 47): a known access key and a request time within SDK_MAX_SKEW_MS.
   */
  async merchantKeyOf(accessKey: string | undefined, requestTime: string | undefined): Promise<MerchantKey> {
    const key = accessKey ? await this.repos.messages.merchantKey(accessKey) : undefined;
    const time = Number(requestTime);
    if (!accessKey || !key || !/^\d+$/.test(requestTime ?? '') || Math.abs(this.clock.now() - time) > SDK_MAX_SKEW_MS)
      throw new AppError('merchantSignatureInvalid');
    return { accessKey, ...key };
  }

  /**
   * The tenant a merchant's call acts for: the signature of method, path, request time and body with
   * the key's secret, each signature accepted once (a replayed call is refused).
   */
  async merchantOf(key: MerchantKey | undefined, call: MerchantCall): Promise<number> {
    const refuse = () => new AppError('merchantSignatureInvalid');
    if (!key || !call.signature) throw refuse();
    const { accessKey, secretKey } = key;
    const expected = signRequestWithBodyHash(secretKey, call.method, call.path, call.requestTime, sha256Hex(call.body));
    if (!sameSignature(expected, call.signature)) throw refuse();
    const time = Number(call.requestTime);
    if (
      !(await this.repos.messages.firstUseOfSignature(
        accessKey,
        call.signature,
        time + SDK_MAX_SKEW_MS,
        this.clock.now(),
      ))
    )
      throw refuse();
    return key.tenantId;
  }

  private view(message: StoredMessage): Message {
    const text = messageText(message.kind, message.params as never, callerLanguage());
    return {
      messageId: message.id,
      type: message.type,
      title: text.title,
      content: text.content,
      read: message.read,
      mine: message.kind === 'assistant_question',
      createdAt: message.createdAt,
    };
  }
}
