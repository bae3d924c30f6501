import type { Language } from '@cloudphone/contracts/locale';
import type {
  PhoneExtend,
  UserPhone as UserPhoneView,
  PhoneListQuery,
  PhoneListStatus,
} from '@cloudphone/contracts/phones';
import {
  DEFAULT_GROUP_ID,
  DEFAULT_GROUP_NAME,
  numberedPhoneName,
  PHONE_NAME_PREFIX,
} from '@cloudphone/contracts/phones';
import type { CacheInvalidation } from '../../../cluster/cache-invalidation';
import { KeptReads } from '../../../cluster/kept-reads';
import { AppError } from '../../app-error';
import { callerLanguage, inCallerLanguage } from '../../../http/caller-language';
import type { InstanceInfo } from '../../../providers/device-hosts/device-host-client';
import type { GradeOnSale } from '../../../repositories/catalogue.repository';
import type { RepositoriesOf } from '../../../repositories/index';
import type { ListedPhone, UserPhone } from '../../../repositories/user-phone.repository';
import type { AuthUser } from '../../accounts/auth.service';
import type { Clock } from '../../clock';
import type { DeviceHostsService } from '../../hosts/device-hosts.service';
import type { HeldGrant, PhoneAccessService, PhoneGate } from '../access/phone-access.service';

const CPU_CORES: Record<Language, (cores: number) => string> = {
  'zh-CN': (cores) => `${cores} 核`,
  'en-US': (cores) => `${cores} cores`,
};

/**
 * How long the list shows a tenant's grades as read: the admin CLI changes them in its own process,
 * and the list reads them on every call (issue 34). As long as the tenancy hook keeps a client.
 */
const GRADES_KEPT_MS = 60_000;

/**
 * What is kept of each user's whole list (no group, keyword or ids asked for), with the ids of the
 * phones granted to them it was read with: how many phones it holds (issue 34: counting a thousand
 * phones cost as much as reading the page), and where its pages in id order begin (issue 56: page 500
 * of 10,000 phones read from its first phone, not past 9,980 others). Forgotten once committed by what
 * gives a user phones or takes them: giving (UserPhoneService) and transfers; a change of grants shows
 * as other granted ids. What the admin CLI gives in its own process shows within `PHONE_TOTALS_KEPT_MS`.
 */
export type PhoneTotals = KeptReads<number, KeptList>;

interface KeptList {
  granted: string;
  total?: number;
  /** The first phone's id of each page read, by `pageSize:pageNo`. */
  starts: Map<string, number>;
}

/** Page starts kept of one list: beyond, it starts again (a user who reads that many pages reads them anew). */
const KEPT_PAGE_STARTS = 1_000;

export const PHONE_TOTALS_KEPT_MS = 60_000;

/** The user's phones as the home screen lists them, their names and details (spec §7). */
export class PhoneOperationsService {
  /** Each tenant's grades, as the list names them. */
  private readonly grades: KeptReads<number, GradeOnSale[]>;

  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'catalogue' | 'phoneGroups' | 'userPhones'>;
      hosts: DeviceHostsService;
      access: PhoneAccessService;
      clock: Clock;
      caches: CacheInvalidation;
      totals: PhoneTotals;
    },
  ) {
    this.grades = new KeptReads(deps.caches, 'grades', { keepMs: GRADES_KEPT_MS, clock: deps.clock });
  }

  async list(auth: AuthUser, query: PhoneListQuery) {
    const language = callerLanguage();
    const grants = await this.deps.access.grantsHeld(auth);
    const grantedIds = [...grants.keys()];
    const whole = query.groupId === undefined && !query.keyword && query.userPhoneIds === undefined;
    const granted = grantedIds.join(',');
    const kept = whole
      ? await this.deps.totals.get(
          auth.userId,
          async () => ({ granted, starts: new Map() }),
          (list) => list.granted === granted,
        )
      : undefined;
    const page = await this.deps.repos.userPhones.page(
      auth.tenantId,
      auth.userId,
      query,
      grantedIds,
      PHONE_NAME_PREFIX[language],
      kept && {
        counted: async (count) => (kept.total ??= await count()),
        starts: {
          get: (pageSize, pageNo) => kept.starts.get(`${pageSize}:${pageNo}`),
          set: (pageSize, pageNo, id) => {
            if (kept.starts.size >= KEPT_PAGE_STARTS) kept.starts.clear();
            kept.starts.set(`${pageSize}:${pageNo}`, id);
          },
        },
      },
    );
    const own = page.list.filter((p) => p.userId === auth.userId);
    // The names of the owner's groups, read only when the page has phones in one.
    const groupIds = [...new Set(own.flatMap((p) => (p.groupId === null ? [] : [p.groupId])))];
    const [infos, busy, grantedOut, grades, groupNames] = await Promise.all([
      this.describe(page.list),
      this.deps.access.busy(page.list.map((p) => p.id)),
      this.deps.access.grantedOut(own.map((p) => p.id)),
      this.grades.get(auth.tenantId, () => this.deps.repos.catalogue.grades(auth.tenantId)),
      this.deps.repos.phoneGroups.names(auth.tenantId, auth.userId, groupIds),
    ]);
    // A phone given without an order runs as the cheapest grade (as CatalogueService.gradeOf says).
    const cheapest = [...grades].sort((a, b) => a.dayPriceCents - b.dayPriceCents)[0];
    const gradeOf = (p: ListedPhone) => grades.find((g) => g.gradeId === p.gradeId) ?? cheapest;
    // A phone granted to this user sits in their default group, whatever group its owner gave it.
    const groupName = (p: ListedPhone) =>
      p.groupId === null || p.userId !== auth.userId ? DEFAULT_GROUP_NAME[language] : (groupNames.get(p.groupId) ?? '');
    return {
      // Each phone made in one go: the list's items are the most made objects of the server (issue 34).
      list: page.list.map((p) =>
        this.view(p, infos.get(p.instanceNo), busy.get(p.id), {
          groupName: groupName(p),
          grade: gradeOf(p),
          grant: p.userId === auth.userId ? null : (grants.get(p.id) ?? { role: 'view', endTime: p.expireTime }),
          grantedOut: grantedOut.has(p.id),
        }),
      ),
      total: page.total,
    };
  }

  async rename(gate: PhoneGate, userPhoneId: number, name: string): Promise<void> {
    await gate.change(userPhoneId, (owner) => this.deps.repos.userPhones.rename(userPhoneId, owner, name));
  }

  /** The details the desktop shows; hardware figures are those of the phone's grade. */
  async extendBatch(gate: PhoneGate, userPhoneIds: readonly number[]): Promise<PhoneExtend[]> {
    // Every phone the user may watch, a granted one too (the policy says; another's is left out).
    const phones: UserPhone[] = [];
    for (const id of new Set(userPhoneIds)) {
      const access = await gate.check(id).catch((error: unknown) => {
        if (error instanceof AppError) return undefined;
        throw error;
      });
      if (access) phones.push(access.phone);
    }
    const [infos, grades] = await Promise.all([
      this.describe(phones),
      this.deps.repos.catalogue.grades(gate.auth.tenantId),
    ]);
    return phones.map((p) => {
      const info = infos.get(p.instanceNo);
      const grade = grades.find((g) => g.gradeId === p.gradeId);
      return {
        userPhoneId: p.id,
        system: info ? `Android ${info.android}` : '',
        cpu: grade ? CPU_CORES[callerLanguage()](grade.cpuCores) : '',
        memory: grade ? `${grade.memoryGb} GB` : '',
        storage: grade ? `${grade.storageGb} GB` : '',
        tag: p.trial ? 'trial' : '',
        brand: info?.brand ?? '',
        model: info?.model ?? '',
        imei: info?.imei ?? '',
        serialNumber: info?.serial ?? '',
        language: info?.language ?? null,
      };
    });
  }

  async status(gate: PhoneGate, userPhoneId: number): Promise<{ userPhoneId: number; status: PhoneListStatus }> {
    const { phone } = await gate.check(userPhoneId);
    const info = (await this.describe([phone])).get(phone.instanceNo);
    const busy = (await this.deps.access.busy([phone.id])).get(phone.id);
    return { userPhoneId, status: this.statusOf(phone, info, busy) };
  }

  private describe(phones: readonly ListedPhone[]): Promise<Map<string, InstanceInfo>> {
    return this.deps.hosts.describePhones(phones);
  }

  /** Expired first, then what keeps it busy (spec §4 "replacing"…), then what its host says. */
  private statusOf(phone: ListedPhone, info: InstanceInfo | undefined, busy?: PhoneListStatus): PhoneListStatus {
    if (phone.expireTime <= this.deps.clock.now()) return 'expired';
    if (busy) return busy;
    // Paid for and on its way: the host has not made it yet.
    if (phone.provisionedAt === null) return 'booting';
    if (!info) return 'offline';
    return info.status === 'expired' ? 'expired' : info.status;
  }

  private view(
    phone: ListedPhone,
    info: InstanceInfo | undefined,
    busy: PhoneListStatus | undefined,
    /** `grant`: how the user holds a phone granted to them; null for their own. */
    shown: { groupName: string; grade: GradeOnSale | undefined; grant: HeldGrant | null; grantedOut: boolean },
  ): UserPhoneView {
    const mine = shown.grant === null;
    return {
      userPhoneId: phone.id,
      name: phone.nameNo === null ? phone.name : numberedPhoneName(phone.nameNo, callerLanguage()),
      // A phone granted to this user sits in their default group.
      groupId: mine ? (phone.groupId ?? DEFAULT_GROUP_ID) : DEFAULT_GROUP_ID,
      groupName: shown.groupName,
      resolution: info ? `${info.display.width}×${info.display.height}` : '',
      root: info?.root ?? false,
      mockModel: { manufacturer: info?.manufacturer ?? '', model: info?.model ?? '' },
      status: this.statusOf(phone, info, busy),
      expireTime: phone.expireTime,
      authorized: mine && shown.grantedOut,
      beAuthorized: !mine,
      role: shown.grant?.role ?? 'owner',
      grantEndTime: shown.grant?.endTime ?? null,
      trial: phone.trial,
      gradeId: shown.grade?.gradeId ?? null,
      gradeName: shown.grade ? inCallerLanguage(shown.grade.name) : '',
      lacks: info ? [...info.lacks] : [],
    };
  }
}
