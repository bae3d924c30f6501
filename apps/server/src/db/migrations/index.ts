import type { Migration } from 'kysely';
import * as tenancy from './0001-tenancy';
import * as accounts from './0002-accounts';
import * as phones from './0003-phones';
import * as phoneGroups from './0004-phone-groups';
import * as commerce from './0005-commerce';
import * as phoneGrants from './0006-phone-grants';
import * as orderIdempotency from './0007-order-idempotency';
import * as trialClaims from './0008-trial-claims';
import * as durableDelivery from './0009-durable-delivery';
import * as throttleCounters from './0010-throttle-counters';
import * as languages from './0011-languages';
import * as phoneLocks from './0012-phone-locks';
import * as transfersNewMachines from './0013-transfers-new-machines';
import * as grantsAndReplacement from './0014-grants-and-replacement';
import * as files from './0015-files';
import * as templates from './0016-templates';
import * as hostPolicy from './0017-host-policy';
import * as hostTasks from './0018-host-tasks';
import * as phoneNames from './0019-phone-names';
import * as clientBrand from './0020-client-brand';
import * as messages from './0021-messages';
import * as walletPayments from './0022-wallet-payments';
import * as syncSessions from './0023-sync-sessions';
import * as discover from './0024-discover';
import * as hostRegistry from './0025-host-registry';
import * as adb from './0026-adb';
import * as pushBatchKeys from './0027-push-batch-keys';
import * as severalNodes from './0028-several-nodes';
import * as homeGuide from './0029-home-guide';
import * as dataSaver from './0032-data-saver';
import * as phoneRelease from './0033-phone-release';
import * as listOrders from './0030-list-orders';
import * as openWorklists from './0031-open-worklists';
import * as operators from './0034-operators';
import * as consoleCustomers from './0035-console-customers';
import * as hostLoad from './0036-host-load';
import * as bannerPictures from './0037-banner-pictures';
import * as businessDays from './0038-business-days';
import * as keyMaps from './0039-key-maps';

/** Every migration in order. Names sort by their number prefix; never rename or edit a landed one. */
export const migrations: Record<string, Migration> = {
  '0001-tenancy': tenancy,
  '0002-accounts': accounts,
  '0003-phones': phones,
  '0004-phone-groups': phoneGroups,
  '0005-commerce': commerce,
  '0006-phone-grants': phoneGrants,
  '0007-order-idempotency': orderIdempotency,
  '0008-trial-claims': trialClaims,
  '0009-durable-delivery': durableDelivery,
  '0010-throttle-counters': throttleCounters,
  '0011-languages': languages,
  '0012-phone-locks': phoneLocks,
  '0013-transfers-new-machines': transfersNewMachines,
  '0014-grants-and-replacement': grantsAndReplacement,
  '0015-files': files,
  '0016-templates': templates,
  '0017-host-policy': hostPolicy,
  '0018-host-tasks': hostTasks,
  '0019-phone-names': phoneNames,
  '0020-client-brand': clientBrand,
  '0021-messages': messages,
  '0022-wallet-payments': walletPayments,
  '0023-sync-sessions': syncSessions,
  '0024-discover': discover,
  '0025-host-registry': hostRegistry,
  '0026-adb': adb,
  '0027-push-batch-keys': pushBatchKeys,
  '0028-several-nodes': severalNodes,
  '0029-home-guide': homeGuide,
  '0030-list-orders': listOrders,
  '0031-open-worklists': openWorklists,
  '0032-data-saver': dataSaver,
  '0033-phone-release': phoneRelease,
  '0034-operators': operators,
  '0035-console-customers': consoleCustomers,
  '0036-host-load': hostLoad,
  '0037-banner-pictures': bannerPictures,
  '0038-business-days': businessDays,
  '0039-key-maps': keyMaps,
};
