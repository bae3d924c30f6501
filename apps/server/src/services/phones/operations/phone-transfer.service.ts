import { DAY_MS, HOUR_MS } from '@cloudphone/contracts/commerce';
import { randomInt } from 'node:crypto';
import { errorMessage, type ErrorKey } from '@cloudphone/contracts/errors';
import { numberedPhoneName } from '@cloudphone/contracts/phones';
import type {
  GiveCheck,
  GiveRequest,
  TransferRecord,
  TransferSide,
  TransferStatus,
} from '@cloudphone/contracts/transfers';
import { maskMobile, MOBILE_PATTERN } from '@cloudphone/contracts/validation';
import type { LiveEventBus } from '../../../events/live-event-bus';
import { callerLanguage } from '../../../http/caller-language';
import { AppError } from '../../app-error';
import type { JobRunner } from '../../../jobs/job-runner';
import type { Repositories, RepositoriesOf } from '../../../repositories/index';
import type { PhoneTransfer } from '../../../repositories/phone-transfer.repository';
import type { UserPhone } from '../../../repositories/user-phone.repository';
import type { User } from '../../../repositories/user.repository';
import type { AuthUser } from '../../accounts/auth.service';
import type { Clock } from '../../clock';
import type { EndOfAccessService } from '../access/end-of-access.service';
import type { FunctionGate } from '../../tenancy/function-gate';
import type { PhoneAccessService, PhoneGate } from '../access/phone-access.service';
import type { QuotaService } from '../../tenancy/quota.service';
import type { MessageService } from '../../content/message.service';
import type { PhoneTotals } from './phone-operations.service';

/**
 * How long a transfer's phones stay locked at most: it ends sooner, once the old owner's access has
 * ended on the host; this frees the phones should that host never answer again.
 */
const TRANSFER_LOCK_MS = HOUR_MS;

/** The job that finishes transfers once the old owners' access has ended on the hosts. */
export const FINISH_TRANSFERS_JOB = 'transfers.finish';

const holderOf = (transferNo: string) => `transfer:${transferNo}`;

/**
 * Transferring phones to another account of the tenant (spec §1, §4, §9). The rules — batch size,
 * transfers per account per day, per phone per window, remaining time (the tenant's `give.*` keys),
 * not granted out, not busy (in sync, being cloned…), not to oneself — are checked first, then the
 * change is one unit of work: the record, the phones locked `transferring`, the quotas counted, the
 * phones handed over and every key to them ended. The transfer stays `transferring` until the
 * hosts have closed the old owner's streams (a job, again after a crash), then succeeds.
 */
export class PhoneTransferService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<
        | 'hostOutbox'
        | 'phoneGrants'
        | 'phoneTransfers'
        | 'userPhones'
        | 'users'
        | 'throttleCounters'
        | 'config'
        | 'messages'
      >;
      access: PhoneAccessService;
      endOfAccess: EndOfAccessService;
      quotas: QuotaService;
      functions: FunctionGate;
      jobs: JobRunner;
      clock: Clock;
      events: LiveEventBus;
      messages: MessageService;
      /** How many phones users' lists hold: a transfer changes both accounts'. */
      totals: PhoneTotals;
    },
  ) {}

  /** Whether each phone may go to the account now, and why not; changes nothing. */
  async check(gate: PhoneGate, request: GiveRequest): Promise<GiveCheck> {
    await this.receiverOf(gate.auth, request);
    const refusals = await this.refusals(gate, request.userPhoneIds);
    const language = callerLanguage();
    return {
      list: request.userPhoneIds.map((userPhoneId) => {
        const refusal = refusals.get(userPhoneId);
        return refusal
          ? { userPhoneId, ok: false, reason: errorMessage(refusal, language) }
          : { userPhoneId, ok: true };
      }),
    };
  }

  async give(gate: PhoneGate, request: GiveRequest): Promise<{ transferNo: string }> {
    const { auth } = gate;
    const receiver = await this.receiverOf(auth, request);
    const refusal = [...(await this.refusals(gate, request.userPhoneIds)).values()].find((r) => r !== null);
    if (refusal) throw new AppError(refusal);
    const sender = await this.deps.repos.users.findById(auth.userId);
    // By id: locks and counters are taken in one order, so racing transfers never deadlock.
    const phones = await this.deps.repos.userPhones.findByIds(request.userPhoneIds);
    const transfer: Omit<PhoneTransfer, 'id' | 'updatedAt' | 'status' | 'reason'> = {
      tenantId: auth.tenantId,
      transferNo: this.newTransferNo(),
      fromUserId: auth.userId,
      toUserId: receiver.id,
      fromAccount: sender?.mobile ?? '',
      toAccount: request.account,
      createdAt: this.deps.clock.now(),
      items: phones.map((p) => ({ userPhoneId: p.id, fromName: p.name, fromNameNo: p.nameNo, toNameNo: null })),
    };
    try {
      await this.deps.repos.transaction((tx) => this.handOver(tx, transfer, phones));
    } catch (error) {
      // Lost to a parallel transfer or operation after the check: the sender's record says why.
      if (error instanceof AppError) await this.recordFailure(transfer, error.key);
      throw error;
    }
    this.deps.jobs.trigger(FINISH_TRANSFERS_JOB);
    return { transferNo: transfer.transferNo };
  }

  /** The transfers the user launched (`out`) or received (`in`), newest first. */
  async page(
    auth: AuthUser,
    query: { side: TransferSide; pageNo: number; pageSize: number },
  ): Promise<{ list: TransferRecord[]; total: number }> {
    const page = await this.deps.repos.phoneTransfers.page(
      auth.tenantId,
      auth.userId,
      query.side,
      query.pageNo,
      query.pageSize,
    );
    const history = await this.deps.repos.phoneTransfers.history(page.list.map((t) => t.id));
    const language = callerLanguage();
    const masked = (account: string) => (MOBILE_PATTERN.test(account) ? maskMobile(account) : account);
    return {
      total: page.total,
      list: page.list.map((t) => ({
        transferNo: t.transferNo,
        status: t.status,
        phones: t.items.map((item) => {
          const number = query.side === 'out' ? item.fromNameNo : item.toNameNo;
          const name = query.side === 'out' ? item.fromName : '';
          return { userPhoneId: item.userPhoneId, name: number === null ? name : numberedPhoneName(number, language) };
        }),
        fromAccount: masked(t.fromAccount),
        toAccount: masked(t.toAccount),
        ...(t.reason ? { reason: errorMessage(t.reason as ErrorKey, language) } : {}),
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
        history: history.get(t.id) ?? [],
      })),
    };
  }

  /**
   * Finishes transfers whose old owners' access has ended on the hosts: delivers what is pending
   * (idempotent on the host), then marks each transfer successful and frees its phones.
   */
  async finishPending(): Promise<number> {
    await this.deps.endOfAccess.deliverPending();
    let finished = 0;
    for (const transfer of await this.deps.repos.phoneTransfers.inStatus('transferring')) {
      const ids = transfer.items.map((i) => i.userPhoneId);
      if (await this.deps.repos.hostOutbox.anyRevocationPendingFor(ids)) continue;
      const done = await this.deps.repos.transaction(async (tx) => {
        if (!(await tx.phoneTransfers.move(transfer.id, ['transferring'], 'successful', this.deps.clock.now())))
          return false;
        await this.deps.access.unlock(ids, holderOf(transfer.transferNo), tx);
        return true;
      });
      if (!done) continue;
      finished++;
      this.tell(transfer, 'successful');
    }
    return finished;
  }

  /** Its sender and receiver hear how a transfer stands (issue 21: pages follow, never poll). */
  private tell(transfer: Pick<PhoneTransfer, 'transferNo' | 'fromUserId' | 'toUserId'>, status: TransferStatus) {
    for (const userId of [transfer.fromUserId, transfer.toUserId])
      this.deps.events.publish(userId, { type: 'transfer', transferNo: transfer.transferNo, status });
  }

  /** The transfer's one unit of work: nothing of it stays if any step is refused. */
  private async handOver(
    tx: Repositories,
    draft: Omit<PhoneTransfer, 'id' | 'updatedAt' | 'status' | 'reason'>,
    phones: readonly UserPhone[],
  ): Promise<void> {
    const { tenantId, fromUserId, toUserId } = draft;
    const ids = phones.map((p) => p.id);
    tx.afterCommit(() => [fromUserId, toUserId].forEach((userId) => this.deps.totals.forget(userId)));
    // Taken first, so of two transfers of one phone the loser hears that it is being transferred —
    // and waits there, before its records point at the phone (on PostgreSQL those references would
    // hold the row against the winner's change of owner).
    await this.deps.access.lock(tx, ids, 'transferring', holderOf(draft.transferNo), TRANSFER_LOCK_MS);
    const transfer = await tx.phoneTransfers.create({ ...draft, status: 'waiting', reason: null });
    const windowHours = await this.deps.quotas.limit(tenantId, 'give.frequency.hours', tx);
    await this.deps.quotas.take(tx, tenantId, [
      // spec §9: 5 phones per account per day, 1 transfer of a phone per 24 h (the `give.*` keys).
      {
        key: 'give.user.day.count',
        subject: `user:${fromUserId}`,
        windowMs: DAY_MS,
        error: 'transferLimit',
        count: ids.length,
      },
      ...ids.map((id) => ({
        key: 'give.phone.day.count' as const,
        subject: `phone:${id}`,
        windowMs: windowHours * HOUR_MS,
        error: 'transferPhoneLimit' as const,
      })),
    ]);
    await tx.phoneTransfers.move(transfer.id, ['waiting'], 'transferring', this.deps.clock.now());
    await tx.userPhones.holdNumbering(toUserId);
    const numbers = await tx.userPhones.freeNameNos(toUserId, phones.length);
    for (const [i, phone] of phones.entries()) {
      const nameNo = numbers[i]!;
      // The receiver gets the same instance, with its data, in their default group.
      if (!(await tx.userPhones.changeOwner(phone.id, fromUserId, toUserId, nameNo)))
        throw new AppError('phoneNotFound');
      await tx.phoneTransfers.setReceivedNumber(transfer.id, phone.id, nameNo);
      // Every key to the phone ends: the old owner's and any grantee's.
      await this.deps.endOfAccess.revoke(phone.id, 'transfer', { tx });
    }
    // The owner takes grants back before a transfer (spec §6); one made meanwhile ends here.
    await tx.phoneGrants.revokeAllOf(ids, this.deps.clock.now());
    // Both accounts find it in their messages, written with the transfer (issue 24).
    await this.deps.messages.tell(tx, { tenantId, userId: toUserId }, 'transfer_received', {
      from: maskMobile(draft.fromAccount),
      phones: numbers.slice(0, phones.length).map((nameNo) => ({ name: '', nameNo })),
    });
    await this.deps.messages.tell(tx, { tenantId, userId: fromUserId }, 'transfer_sent', {
      to: MOBILE_PATTERN.test(draft.toAccount) ? maskMobile(draft.toAccount) : draft.toAccount,
      phones: phones.map((p) => ({ name: p.name, nameNo: p.nameNo })),
    });
    tx.afterCommit(() => this.tell(draft, 'transferring'));
  }

  private async recordFailure(draft: Omit<PhoneTransfer, 'id' | 'updatedAt' | 'status' | 'reason'>, reason: ErrorKey) {
    await this.deps.repos.transaction(async (tx) => {
      const transfer = await tx.phoneTransfers.create({ ...draft, status: 'waiting', reason: null });
      await tx.phoneTransfers.move(transfer.id, ['waiting'], 'failed', this.deps.clock.now(), reason);
    });
    this.tell(draft, 'failed');
  }

  /** The receiving account, after the checks that concern the whole request. */
  private async receiverOf(auth: AuthUser, request: GiveRequest): Promise<User> {
    await this.deps.functions.require(auth, 'transfer_button');
    await this.deps.quotas.batch(auth.tenantId, 'give.batch.count', request.userPhoneIds.length, 'transferBatchLimit');
    const receiver = await this.deps.repos.users.findByAccount(auth.tenantId, request.account);
    if (!receiver || receiver.status !== 'active') throw new AppError('transferAccountNotFound');
    if (receiver.id === auth.userId) throw new AppError('transferToSelf');
    return receiver;
  }

  /** Why each phone may not go now (null: it may), by the rules of spec §6 and §9. */
  private async refusals(gate: PhoneGate, userPhoneIds: readonly number[]): Promise<Map<number, ErrorKey | null>> {
    const { auth } = gate;
    const now = this.deps.clock.now();
    const minRemainingMs = (await this.deps.quotas.limit(auth.tenantId, 'give.expire.min.hours')) * HOUR_MS;
    const grantedOut = await this.deps.repos.phoneGrants.grantedOut(userPhoneIds, now);
    let accountLeft = await this.deps.quotas.left(this.deps.repos, auth.tenantId, {
      key: 'give.user.day.count',
      subject: `user:${auth.userId}`,
    });
    const refusalOf = async (userPhoneId: number): Promise<ErrorKey | null> => {
      // Not found, granted to the caller, busy (in sync, being cloned or transferred…): the policy says.
      const access = await gate.check(userPhoneId).catch((error: unknown) => {
        if (error instanceof AppError) return error.key;
        throw error;
      });
      if (typeof access === 'string') return access;
      // The owner's own refusal (issue 22): take the grant back first.
      if (grantedOut.has(userPhoneId)) return 'grantExists';
      if (access.phone.expireTime - now <= minRemainingMs) return 'transferRemainingTime';
      const phoneLeft = await this.deps.quotas.left(this.deps.repos, auth.tenantId, {
        key: 'give.phone.day.count',
        subject: `phone:${userPhoneId}`,
      });
      if (phoneLeft === 0) return 'transferPhoneLimit';
      return accountLeft-- > 0 ? null : 'transferLimit';
    };
    const refusals = new Map<number, ErrorKey | null>();
    for (const userPhoneId of userPhoneIds) refusals.set(userPhoneId, await refusalOf(userPhoneId));
    return refusals;
  }

  /** TR + time to the second + 6 random digits, as order numbers are made. */
  private newTransferNo(): string {
    const stamp = new Date(this.deps.clock.now()).toISOString().replace(/\D/g, '').slice(0, 14);
    return `TR${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
  }
}
