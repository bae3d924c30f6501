import { UPGRADE } from '@cloudphone/contracts/limits';
import type { Product } from '@cloudphone/contracts/commerce';
import type { DeviceGrade } from '@cloudphone/contracts/content';
import { AppError } from '../app-error';
import { inCallerLanguage } from '../../http/caller-language';
import type { GradeOnSale } from '../../repositories/catalogue.repository';
import type { RepositoriesOf } from '../../repositories/index';
import type { UserPhone } from '../../repositories/user-phone.repository';
import type { AuthUser } from '../accounts/auth.service';
import type { Clock } from '../clock';
import { upgradePrice } from './pricing';

/** What a tenant sells (spec §3 "device grade configuration list"), and what a phone can upgrade to. */
export class CatalogueService {
  constructor(
    private readonly repos: RepositoriesOf<'catalogue' | 'phoneGrants'>,
    private readonly clock: Clock,
  ) {}

  /** Grades with their packages for buying or for renewing; a grade with no such package is left out. */
  async products(tenantId: number, usage: 'buy' | 'renew'): Promise<Product[]> {
    const [grades, packages] = await Promise.all([
      this.repos.catalogue.grades(tenantId),
      this.repos.catalogue.packages(tenantId),
    ]);
    const fits = (u: string, trial: boolean) => (u === usage || u === 'both') && !(usage === 'renew' && trial);
    return grades
      .map((g) => ({
        ...this.productOf(g),
        packages: packages
          .filter((p) => p.gradeId === g.gradeId && fits(p.usage, p.trial))
          .map(({ tenantId: _t, ...p }) => ({ ...p, name: inCallerLanguage(p.name) })),
      }))
      .filter((p) => p.packages.length > 0);
  }

  /** The device grade configuration list (spec §3): each grade's hardware. */
  async gradeList(tenantId: number): Promise<DeviceGrade[]> {
    return (await this.repos.catalogue.grades(tenantId)).map(
      ({ gradeId, code, name, cpuCores, memoryGb, storageGb, androidVersion, sort }) => ({
        id: gradeId,
        code,
        name: inCallerLanguage(name),
        cpuCores,
        memoryGb,
        storageGb,
        androidVersion,
        sort,
      }),
    );
  }

  /** The grade a phone runs as; a phone given without an order counts as the cheapest. */
  async gradeOf(phone: UserPhone): Promise<GradeOnSale> {
    const grades = await this.repos.catalogue.grades(phone.tenantId);
    const own = grades.find((g) => g.gradeId === phone.gradeId);
    const cheapest = [...grades].sort((a, b) => a.dayPriceCents - b.dayPriceCents)[0];
    const grade = own ?? cheapest;
    if (!grade) throw new AppError('productNotExist');
    return grade;
  }

  /**
   * The higher grades a phone can move to and what each costs (spec §5, §9): at least 1 day left,
   * at most 999 days of difference; a trial phone needs renewing first.
   */
  async upgradeOptions(auth: AuthUser, phone: UserPhone) {
    if (phone.trial) throw new AppError('trialNeedsRenewal');
    // Authorized (granted-out) phones cannot be upgraded (spec §6).
    if ((await this.repos.phoneGrants.grantedOut([phone.id], this.clock.now())).size > 0)
      throw new AppError('authorizedDeviceRestricted');
    const remainingMs = phone.expireTime - this.clock.now();
    const current = await this.gradeOf(phone);
    const { remainingDays } = upgradePrice(remainingMs, 0, 0);
    if (remainingDays < UPGRADE.minRemainingDays) throw new AppError('upgradeTooLittleTime');
    if (remainingDays > UPGRADE.maxDifferenceDays) throw new AppError('upgradeDurationInvalid');
    const higher = (await this.repos.catalogue.grades(auth.tenantId)).filter(
      (g) => g.dayPriceCents > current.dayPriceCents,
    );
    if (higher.length === 0) throw new AppError('upgradeHighest');
    return higher.map((g) => ({
      gradeId: g.gradeId,
      gradeName: inCallerLanguage(g.name),
      ...upgradePrice(remainingMs, current.dayPriceCents, g.dayPriceCents),
    }));
  }

  private productOf(g: GradeOnSale): Omit<Product, 'packages'> {
    const { sort: _sort, ...product } = g;
    return { ...product, name: inCallerLanguage(g.name) };
  }
}
