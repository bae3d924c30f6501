import { randomBytes } from 'node:crypto';
import { errorMessage } from '@cloudphone/contracts/errors';
import { REPLACE_MAX_DEVICES } from '@cloudphone/contracts/limits';
import { numberedPhoneName } from '@cloudphone/contracts/phones';
import {
  ReplaceType,
  type ReplaceBody,
  type ReplacePreview,
  type ReplaceResult,
} from '@cloudphone/contracts/replacement';
import { callerLanguage } from '../../../http/caller-language';
import { AppError } from '../../app-error';
import type { RepositoriesOf } from '../../../repositories/index';
import type { PhoneReplacement } from '../../../repositories/phone-replacement.repository';
import { phoneLanguageOf } from '../../../repositories/user.repository';
import type { UserPhone } from '../../../repositories/user-phone.repository';
import type { AuthUser } from '../../accounts/auth.service';
import type { LiveEventBus } from '../../../events/live-event-bus';
import type { Clock } from '../../clock';
import type { ConfigService } from '../../tenancy/config.service';
import type { DeviceHostsService } from '../../hosts/device-hosts.service';
import type { EndOfAccessService } from '../access/end-of-access.service';
import type { FunctionGate } from '../../tenancy/function-gate';
import type { PhoneAccessService, PhoneGate, PolicyReads } from '../access/phone-access.service';
import type { MessageService } from '../../content/message.service';

/** The job that finishes replacements a crash left half-done, or undoes them. */
export const FINISH_REPLACEMENTS_JOB = 'phones.replace';
/** A replacement its hosts could not carry out in this long is undone: the phone stays as it was. */
export const REPLACEMENT_GIVE_UP_MS = 2 * 60_000;
/** The busy lock outlives any replacement the job gives up on, so only the job frees it. */
const LOCK_TTL_MS = 10 * 60_000;

const holderOf = (replacement: Pick<PhoneReplacement, 'id'>) => `replace:${replacement.id}`;

/**
 * Replacing cloud phones (spec §1, §4, §7): each phone keeps its id, name, group, expiry and grants
 * on a new instance — with its apps, files, notes and clipboard when the type moves data.
 *
 * Crash-safe as delivery is: the plan (rows, the `replacing` lock, the end of access to the old
 * instance) commits first, in one unit of work, with the new instance's number chosen by the server;
 * then the host makes it and copies the data, idempotently; then one more unit of work moves the phone.
 * What a crash interrupts, the job finishes — or, after REPLACEMENT_GIVE_UP_MS, undoes, with nothing lost.
 */
export class PhoneReplacementService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'phoneReplacements' | 'userPhones' | 'users' | 'phoneGrants' | 'phoneLocks' | 'messages'>;
      access: PhoneAccessService;
      endOfAccess: EndOfAccessService;
      hosts: DeviceHostsService;
      functions: FunctionGate;
      config: ConfigService;
      clock: Clock;
      events: LiveEventBus;
      messages: MessageService;
    },
  ) {}

  /** `replace-preview`: which of the phones can be replaced now, and why not the others. */
  async preview(gate: PhoneGate, { userPhoneIds, replaceType }: ReplaceBody): Promise<ReplacePreview> {
    await this.open(gate.auth, userPhoneIds);
    const list = [];
    for (const userPhoneId of new Set(userPhoneIds)) {
      try {
        const phone = await this.replaceable(gate, userPhoneId);
        list.push({ ...this.describe(phone), replaceable: true, reason: null });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const phone =
          error.key === 'phoneNotFound' ? undefined : await this.deps.repos.userPhones.findById(userPhoneId);
        list.push({
          ...(phone ? this.describe(phone) : { userPhoneId, name: '', expireTime: 0 }),
          replaceable: false,
          reason: errorMessage(error.key, callerLanguage(), ...error.args),
        });
      }
    }
    return { replaceType, list };
  }

  /** `replace-submit`: replaces the phones, all planned at once; each one's outcome. */
  async submit(gate: PhoneGate, body: ReplaceBody): Promise<{ list: ReplaceResult[] }> {
    const planned = await this.begin(gate, body);
    await this.finish(
      planned.map((r) => r.id),
      { giveUpNow: true },
    );
    const settled = await this.deps.repos.phoneReplacements.findByIds(planned.map((r) => r.id));
    return {
      list: planned.map(({ id, userPhoneId }) => {
        const ok = settled.find((r) => r.id === id)?.status === 'done';
        return { userPhoneId, ok, message: ok ? null : errorMessage('replaceFailed', callerLanguage()) };
      }),
    };
  }

  /**
   * Plans the replacements in one unit of work: each phone is locked `replacing` (refusing even a
   * viewer, spec §8), its new instance named, and access to the old instance ended.
   */
  async begin(gate: PhoneGate, { userPhoneIds, replaceType }: ReplaceBody): Promise<PhoneReplacement[]> {
    await this.open(gate.auth, userPhoneIds);
    return this.deps.repos.transaction(async (tx) => {
      const planned: PhoneReplacement[] = [];
      for (const userPhoneId of new Set(userPhoneIds)) {
        const phone = await this.replaceable(gate, userPhoneId, tx);
        // Moving data is a copy within one host; a phone without data may go wherever phones are placed.
        const toHostId =
          replaceType === ReplaceType.withData ? phone.deviceHostId : (await this.deps.hosts.place(tx, 1))[0]!;
        const replacement = await tx.phoneReplacements.create({
          tenantId: phone.tenantId,
          userPhoneId,
          userId: gate.auth.userId,
          replaceType,
          fromHostId: phone.deviceHostId,
          fromInstanceNo: phone.instanceNo,
          toHostId,
          toInstanceNo: `cp-${randomBytes(6).toString('hex')}`,
          createdAt: this.deps.clock.now(),
        });
        await this.deps.access.lock(tx, [userPhoneId], 'replacing', holderOf(replacement), LOCK_TTL_MS);
        // Its viewers (the owner's, and any grantee's) leave the old instance now, so nothing they do is lost.
        await this.deps.endOfAccess.revoke(userPhoneId, 'replacement', { tx });
        planned.push(replacement);
      }
      return planned;
    });
  }

  /**
   * Carries out pending replacements (of `ids`, or all) on their hosts and moves each phone to its
   * new instance; idempotent, so the request and the job may both try. One its hosts fail is undone
   * at once (`giveUpNow`, the request) or once it is REPLACEMENT_GIVE_UP_MS old (the job).
   */
  async finish(ids?: readonly number[], options: { giveUpNow?: boolean } = {}): Promise<number> {
    let done = 0;
    for (const replacement of await this.deps.repos.phoneReplacements.pending(ids)) {
      try {
        await this.makeNewInstance(replacement);
      } catch {
        const expired = this.deps.clock.now() - replacement.createdAt >= REPLACEMENT_GIVE_UP_MS;
        if (options.giveUpNow || expired) await this.settle(replacement, 'failed');
        continue;
      }
      if (await this.settle(replacement, 'done')) done++;
    }
    return done;
  }

  /** Refuses unless replacing is open to this client and tenant, for at most 10 phones at once (spec §9). */
  private async open(auth: AuthUser, userPhoneIds: readonly number[]): Promise<void> {
    await this.deps.functions.require(auth, 'change_button');
    if ((await this.deps.config.limit(auth.tenantId, 'replace.business.status')) === 0)
      throw new AppError('replaceClosed');
    if (new Set(userPhoneIds).size > REPLACE_MAX_DEVICES) throw new AppError('replaceTooMany');
  }

  /** The owner's phone, idle, in time and made on its host; else the refusal. */
  private async replaceable(gate: PhoneGate, userPhoneId: number, tx?: PolicyReads): Promise<UserPhone> {
    const { phone } = await gate.check(userPhoneId, tx);
    if (phone.expireTime <= this.deps.clock.now()) throw new AppError('deviceExpired');
    if (phone.provisionedAt === null) throw new AppError('deviceNotConnected');
    return phone;
  }

  /** The host steps, each safe to repeat: make the instance the plan named, copy the data over. */
  private async makeNewInstance(replacement: PhoneReplacement): Promise<void> {
    const client = this.deps.hosts.client(replacement.toHostId);
    if (!client) throw new Error(`device host ${replacement.toHostId} is not attached`);
    const owner = await this.deps.repos.users.findById(replacement.userId);
    await client.createInstance(replacement.toInstanceNo, {
      language: (owner && phoneLanguageOf(owner)) ?? callerLanguage(),
    });
    if (replacement.replaceType === ReplaceType.withData)
      await client.copyUserData(replacement.fromInstanceNo, replacement.toInstanceNo);
  }

  /** Ends a replacement and frees its phone, moved to the new instance when done; false if already ended. */
  private async settle(replacement: PhoneReplacement, status: 'done' | 'failed'): Promise<boolean> {
    return this.deps.repos.transaction(async (tx) => {
      const now = this.deps.clock.now();
      if (!(await tx.phoneReplacements.settle(replacement.id, status, now))) return false;
      if (status === 'done')
        await tx.userPhones.moveToInstance(
          replacement.userPhoneId,
          replacement.fromInstanceNo,
          { hostId: replacement.toHostId, instanceNo: replacement.toInstanceNo },
          now,
        );
      await this.deps.access.unlock([replacement.userPhoneId], holderOf(replacement), tx);
      const phone = status === 'done' ? await tx.userPhones.findById(replacement.userPhoneId) : undefined;
      if (phone) {
        const to = { tenantId: replacement.tenantId, userId: replacement.userId };
        await this.deps.messages.tell(tx, to, 'replacement_done', {
          phones: [{ name: phone.name, nameNo: phone.nameNo }],
        });
      }
      // Its owner's lists follow at once (issue 21).
      tx.afterCommit(() =>
        this.deps.events.publish(replacement.userId, {
          type: 'phones',
          change: 'replacement',
          userPhoneIds: [replacement.userPhoneId],
        }),
      );
      return true;
    });
  }

  private describe(phone: UserPhone) {
    const name = phone.nameNo === null ? phone.name : numberedPhoneName(phone.nameNo, callerLanguage());
    return { userPhoneId: phone.id, name, expireTime: phone.expireTime };
  }
}
