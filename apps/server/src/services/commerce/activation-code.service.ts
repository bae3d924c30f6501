import { randomInt } from 'node:crypto';
import { DAY_MS, type PackageUsage } from '@cloudphone/contracts/commerce';
import {
  ACTIVATION_CODE_LENGTH,
  CODE_ALPHABET,
  type ActivationResult,
  type ActivationState,
} from '@cloudphone/contracts/promotion';
import { activationCodeSchema } from '@cloudphone/contracts/validation';
import { AppError } from '../app-error';
import { inCallerLanguage } from '../../http/caller-language';
import type { RepositoriesOf } from '../../repositories/index';
import type { ActivationCodeRow } from '../../repositories/activation-code.repository';
import type { AuthUser } from '../accounts/auth.service';
import type { CatalogueService } from './catalogue.service';
import type { Clock } from '../clock';
import type { FulfilmentService } from './fulfilment.service';
import type { FunctionGate } from '../tenancy/function-gate';
import type { PhoneGate } from '../phones/access/phone-access.service';
import type { UserPhoneService } from '../phones/operations/user-phone.service';

/**
 * Activation and renewal codes (spec §1, §3, §5): 12 letters/digits, case sensitive, single use.
 * A purchase code makes a phone of its package; a renewal code adds its package's days to a chosen
 * phone. Each code used becomes an order paid by activation code, so it shows in the order list.
 */
export class ActivationCodeService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'activationCodes' | 'catalogue' | 'orders'>;
      catalogue: CatalogueService;
      fulfilment: FulfilmentService;
      userPhones: UserPhoneService;
      functions: FunctionGate;
      clock: Clock;
    },
  ) {}

  /**
   * Activates codes one by one, each with its own outcome. A renewal batch takes one package only
   * (spec §5); its codes go to the chosen phones in turn, or all to the one phone chosen.
   */
  async activate(
    gate: PhoneGate,
    codes: readonly string[],
    usage: 'buy' | 'renew',
    userPhoneIds: readonly number[],
  ): Promise<ActivationResult[]> {
    const { auth } = gate;
    await this.deps.functions.require(auth, 'activation_code');
    const distinct = [...new Set(codes)];
    const phones = await Promise.all(userPhoneIds.map(async (id) => (await gate.check(id)).phone));
    if (usage === 'renew' && phones.length === 0) throw new AppError('activationCodeNotBound');
    // Codes go to the chosen phones in turn, or all to the one phone: any other count pairs them wrongly.
    if (phones.length > 1 && phones.length !== distinct.length) throw new AppError('invalidParameter');
    const found = await Promise.all(distinct.map((code) => this.deps.repos.activationCodes.find(auth.tenantId, code)));
    const packages = new Set(found.filter((c) => c !== undefined).map((c) => c.packageId));
    const mixed = usage === 'renew' && packages.size > 1;

    const results: ActivationResult[] = [];
    for (const [i, code] of distinct.entries()) {
      const row = found[i];
      const phone = phones.length === 1 ? phones[0] : phones[i];
      const refusal = mixed && row ? 'mixed_packages' : this.refusal(row, code, usage);
      if (refusal || !row) {
        results.push({ code, state: refusal ?? 'not_exist', userPhoneIds: [] });
        continue;
      }
      if (usage === 'renew' && !phone) {
        results.push({ code, state: 'spec_mismatch', userPhoneIds: [] });
        continue;
      }
      results.push(await this.use(gate, row, usage, phone?.id));
    }
    return results;
  }

  async records(auth: AuthUser, page: { pageNo: number; pageSize: number }) {
    const used = await this.deps.repos.activationCodes.usedBy(auth.tenantId, auth.userId, page);
    const list = await Promise.all(
      used.list.map(async (c) => {
        const pkg = await this.deps.repos.catalogue.package(c.packageId);
        return {
          code: c.code,
          usage: c.usedUsage ?? 'buy',
          packageName: pkg ? inCallerLanguage(pkg.name) : '',
          durationDays: pkg?.durationDays ?? 0,
          userPhoneIds: c.phoneIds,
          usedTime: c.usedAt ?? 0,
        };
      }),
    );
    return { list, total: used.total };
  }

  /** An operator makes codes for a package (the console, the admin CLI), in the unit of work `repos`. */
  async generate(
    tenantId: number,
    spec: { packageId: number; usage: PackageUsage; count: number; validDays: number },
    repos: RepositoriesOf<'activationCodes' | 'catalogue'> = this.deps.repos,
  ): Promise<{ batchNo: string; codes: string[] }> {
    const pkg = await repos.catalogue.package(spec.packageId);
    if (!pkg || pkg.tenantId !== tenantId) throw new AppError('productNotExist');
    const now = this.deps.clock.now();
    const batchNo = `B${now}`;
    const codes = new Set<string>();
    while (codes.size < spec.count) codes.add(this.randomCode(ACTIVATION_CODE_LENGTH));
    await repos.activationCodes.create([...codes], {
      tenantId,
      packageId: spec.packageId,
      usage: spec.usage,
      validUntil: now + spec.validDays * DAY_MS,
      batchNo,
      at: now,
    });
    return { batchNo, codes: [...codes] };
  }

  /** Letters and digits that don't read alike. */
  randomCode(length: number): string {
    return Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  }

  private refusal(row: ActivationCodeRow | undefined, code: string, usage: 'buy' | 'renew'): ActivationState | null {
    // A voided code is, to its holder, one that was never handed out.
    if (!activationCodeSchema.safeParse(code).success || !row || row.voidedAt !== null) return 'not_exist';
    if (row.usedBy !== null) return 'activated';
    if (row.validUntil <= this.deps.clock.now()) return 'expired';
    if (row.usage === 'renew' && usage === 'buy') return 'renewal_only';
    if (row.usage === 'buy' && usage === 'renew') return 'purchase_only';
    return null;
  }

  /**
   * Claims the code (one of racing redemptions wins) and delivers it as an order paid by the code,
   * in one unit of work: the code is never spent without its order and phones or days, and a crash
   * at any point leaves either all of it or none. The phones' instances are made after the commit.
   */
  private async use(
    gate: PhoneGate,
    row: ActivationCodeRow,
    usage: 'buy' | 'renew',
    userPhoneId: number | undefined,
  ): Promise<ActivationResult> {
    const { auth } = gate;
    const fail = (state: ActivationState): ActivationResult => ({ code: row.code, state, userPhoneIds: [] });
    const pkg = await this.deps.repos.catalogue.package(row.packageId);
    if (!pkg) return fail('spec_mismatch');
    const grade = await this.deps.repos.catalogue.grade(auth.tenantId, pkg.gradeId);
    if (!grade) return fail('spec_mismatch');
    if (usage === 'buy' && grade.stock !== null && grade.stock < 1) return fail('no_stock');
    if (usage === 'renew' && userPhoneId !== undefined) {
      const { phone } = await gate.check(userPhoneId);
      if ((await this.deps.catalogue.gradeOf(phone)).gradeId !== pkg.gradeId) return fail('spec_mismatch');
    }

    const outcome = await this.deps.repos
      .transaction(async (tx): Promise<ActivationResult> => {
        const now = this.deps.clock.now();
        if (!(await tx.activationCodes.claim(row.id, auth.userId, usage, now))) return fail('activated');
        const order = await tx.orders.create(
          {
            orderNo: `AC${now}${String(randomInt(1_000_000)).padStart(6, '0')}`,
            tenantId: auth.tenantId,
            clientId: auth.clientId,
            userId: auth.userId,
            skuType: usage,
            gradeId: pkg.gradeId,
            packageId: pkg.packageId,
            deviceCount: 1,
            durationDays: pkg.durationDays,
            originalPriceCents: pkg.priceCents,
            discountCents: pkg.priceCents,
            payPriceCents: 0,
            couponId: null,
            status: 'activating',
            payType: 'activation_code',
            payTime: now,
            payToken: null,
            phoneIds: userPhoneId === undefined ? [] : [userPhoneId],
            createdAt: now,
            payDeadline: now,
          },
          usage === 'buy' && pkg.trial,
        );
        if (typeof order === 'string') throw new Refused(order === 'trial-taken' ? 'spec_mismatch' : 'activated');
        if (usage === 'renew') await this.deps.fulfilment.deliverIn(tx, order);
        else if (!(await this.deps.fulfilment.allocateIn(tx, order))) {
          // Stock ran out between the check and now: the order says so, and the code stays unused.
          await tx.orders.transition(order.id, ['activating'], 'out_of_stock', now);
          await tx.activationCodes.unclaim(row.id);
          return fail('no_stock');
        }
        // A redeemed code sells or renews phones for no money: the day's business counts it (issue 64).
        await tx.businessDays.countPaid({ ...order, payTime: now });
        const delivered = (await tx.orders.findById(order.id))?.phoneIds ?? [];
        await tx.activationCodes.setPhones(row.id, delivered);
        return { code: row.code, state: 'success', userPhoneIds: delivered };
      })
      .catch((error: unknown) => {
        if (error instanceof Refused) return fail(error.state);
        throw error;
      });
    // A host that fails now leaves the phone to the delivery job; the code is redeemed either way.
    if (usage === 'buy' && outcome.state === 'success')
      await this.deps.userPhones.provision(outcome.userPhoneIds).catch(() => undefined);
    return outcome;
  }
}

/** Thrown inside a redemption's unit of work to undo it, with the state the code answers. */
class Refused extends Error {
  constructor(readonly state: ActivationState) {
    super(state);
  }
}
