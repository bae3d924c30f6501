import type { AppDatabase } from '../db/database';
import { inTransaction } from '../db/transaction';
import { ClientFunctionRepository } from './client-function.repository';
import { ClientRepository } from './client.repository';
import { ConfigRepository } from './config.repository';
import { ContentRepository } from './content.repository';
import { TenantRepository } from './tenant.repository';
import { AuthCodeRepository } from './auth-code.repository';
import { SessionRepository } from './session.repository';
import { SmsCodeRepository } from './sms-code.repository';
import { UserRepository } from './user.repository';
import { DeviceHostRepository } from './device-host.repository';
import { UserPhoneRepository } from './user-phone.repository';
import { PhoneGroupRepository } from './phone-group.repository';
import { CatalogueRepository } from './catalogue.repository';
import { OrderRepository } from './order.repository';
import { CouponRepository } from './coupon.repository';
import { ActivationCodeRepository } from './activation-code.repository';
import { RedeemCodeRepository } from './redeem-code.repository';
import { PhoneGrantRepository } from './phone-grant.repository';
import { HostOutboxRepository } from './host-outbox.repository';
import { HostTaskRepository } from './host-task.repository';
import { ThrottleCounterRepository } from './throttle-counter.repository';
import { UserFileRepository } from './user-file.repository';
import { FilePushRepository } from './file-push.repository';
import { PhoneLockRepository } from './phone-lock.repository';
import { PhoneReplacementRepository } from './phone-replacement.repository';
import { PhoneTransferRepository } from './phone-transfer.repository';
import { NewMachineRepository } from './new-machine.repository';
import { TemplateRepository } from './template.repository';
import { CloneRepository } from './clone.repository';
import { MessageRepository } from './message.repository';
import { PaymentRepository } from './payment.repository';
import { SyncRepository } from './sync.repository';
import { CmsPageRepository } from './cms-page.repository';
import { GameRepository } from './game.repository';
import { KeyMapRepository } from './key-map.repository';
import { AnalyticsRepository } from './analytics.repository';
import { AdbRepository } from './adb.repository';
import { AuditRepository } from './audit.repository';
import { BusinessDayRepository } from './business-day.repository';
import { OperatorRepository } from './operator.repository';

function repositoriesOver(db: AppDatabase) {
  return {
    tenants: new TenantRepository(db),
    clients: new ClientRepository(db),
    clientFunctions: new ClientFunctionRepository(db),
    config: new ConfigRepository(db),
    content: new ContentRepository(db),
    cmsPages: new CmsPageRepository(db),
    games: new GameRepository(db),
    keyMaps: new KeyMapRepository(db),
    analytics: new AnalyticsRepository(db),
    users: new UserRepository(db),
    smsCodes: new SmsCodeRepository(db),
    sessions: new SessionRepository(db),
    authCodes: new AuthCodeRepository(db),
    deviceHosts: new DeviceHostRepository(db),
    userPhones: new UserPhoneRepository(db),
    phoneGroups: new PhoneGroupRepository(db),
    catalogue: new CatalogueRepository(db),
    orders: new OrderRepository(db),
    payments: new PaymentRepository(db),
    coupons: new CouponRepository(db),
    activationCodes: new ActivationCodeRepository(db),
    redeemCodes: new RedeemCodeRepository(db),
    phoneGrants: new PhoneGrantRepository(db),
    hostOutbox: new HostOutboxRepository(db),
    hostTasks: new HostTaskRepository(db),
    messages: new MessageRepository(db),
    throttleCounters: new ThrottleCounterRepository(db),
    userFiles: new UserFileRepository(db),
    filePushes: new FilePushRepository(db),
    phoneLocks: new PhoneLockRepository(db),
    syncSessions: new SyncRepository(db),
    phoneReplacements: new PhoneReplacementRepository(db),
    phoneTransfers: new PhoneTransferRepository(db),
    newMachines: new NewMachineRepository(db),
    templates: new TemplateRepository(db),
    clones: new CloneRepository(db),
    adb: new AdbRepository(db),
    operators: new OperatorRepository(db),
    audit: new AuditRepository(db),
    businessDays: new BusinessDayRepository(db),
  };
}

/**
 * A service's unit of work: every repository over one transaction, so the steps of one operation
 * commit together or not at all. Inside a unit of work, `transaction` joins it rather than nesting.
 */
export type UnitOfWork = <T>(work: (repos: Repositories) => Promise<T>) => Promise<T>;

export type Repositories = ReturnType<typeof repositoriesOver> & {
  transaction: UnitOfWork;
  /**
   * Runs `effect` once the unit of work these repositories belong to has committed — never if it
   * rolls back; at once outside a unit of work. For what must see the change, e.g. a job's trigger.
   */
  afterCommit: (effect: () => void) => void;
};

type RepositoryMap = ReturnType<typeof repositoriesOver>;

/**
 * The repositories a service uses, and the unit of work (issue 21): a service's constructor names
 * them, so the walk from a route to its SQL passes through few doors. Inside a unit of work a service
 * is handed all of them (`transaction`'s callback), for the services it calls on.
 */
export type RepositoriesOf<K extends keyof RepositoryMap> = Pick<Repositories, K | 'transaction' | 'afterCommit'>;

/** Every repository over one database: the only layer that writes SQL (through Kysely). */
export function createRepositories(db: AppDatabase, committed?: (() => void)[]): Repositories {
  const repos: Repositories = {
    ...repositoriesOver(db),
    transaction: async (work) => {
      if (db.isTransaction) return inTransaction(db, () => work(repos));
      const effects: (() => void)[] = [];
      const result = await inTransaction(db, (trx) => work(createRepositories(trx, effects)));
      for (const effect of effects) effect();
      return result;
    },
    afterCommit: (effect) => (committed ? committed.push(effect) : effect()),
  };
  return repos;
}
