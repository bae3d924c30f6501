import type { Services } from '../services/index';
import { DELIVER_TO_HOSTS_JOB } from '../services/hosts/host-delivery.service';
import { WATCH_HOSTS_JOB } from '../services/hosts/device-hosts.service';
import { RECOVER_HOST_TASKS_JOB } from '../services/phones/tasks/host-task.service';
import { PROVISION_PHONES_JOB } from '../services/phones/operations/user-phone.service';
import { PUSH_FILES_JOB } from '../services/files/file-push.service';
import { SWEEP_UPLOADS_JOB } from '../services/files/files.service';
import { FINISH_REPLACEMENTS_JOB } from '../services/phones/operations/phone-replacement.service';
import { FINISH_TRANSFERS_JOB } from '../services/phones/operations/phone-transfer.service';
import { FINISH_NEW_MACHINES_JOB } from '../services/phones/operations/new-machine.service';
import { TEMPLATES_JOB } from '../services/phones/tasks/template.service';
import { CLONES_JOB } from '../services/phones/tasks/clone.service';
import { TELL_EXPIRIES_JOB } from '../services/content/message.service';
import { SETTLE_PAYMENTS_JOB } from '../services/commerce/payment.service';
import { SYNC_HEARTBEAT_JOB } from '../services/phones/operations/sync.service';
import { FORWARD_ANALYTICS_JOB } from '../services/content/analytics.service';
import type { JobRunner } from './job-runner';

/**
 * Every durable background job of the server (hardening issue). Each pass reads its worklist from
 * the database, so a pass cut short by a crash is finished by the next one after the restart.
 */
export function defineJobs(jobs: JobRunner, services: Services): void {
  // Ends of access and phones' locks, written by any process (the admin CLI too), reach their hosts within a
  // second. Every node drains, each host claimed by one node at a time: no dead node holds it up (issue 49).
  jobs.define(DELIVER_TO_HOSTS_JOB, 250, () => services.hostDelivery.deliverPending({ wait: false }), 'every node');
  // Hosts that joined are driven, and the users of a host that stops beating see its phones offline (issue 32).
  // Each API node keeps its own view of the hosts: the watch runs on every node.
  jobs.define(WATCH_HOSTS_JOB, 1_000, () => services.deviceHosts.watch(), 'every node');
  // Phones a crash left unmade are made; orders whose phones all run are completed (spec §4).
  jobs.define(PROVISION_PHONES_JOB, 3_000, () => services.fulfilment.finishDeliveries());
  // Replacements a crash left half-done are finished, or undone once their hosts have failed too long.
  jobs.define(FINISH_REPLACEMENTS_JOB, 3_000, () => services.phoneReplacements.finish());
  // Paid purchases waiting for stock get their phones as it arrives.
  jobs.define('orders.allocate', 15_000, () => services.fulfilment.allocateWaiting());
  // Transfers succeed once the old owners' streams are closed on the hosts (spec §4).
  jobs.define(FINISH_TRANSFERS_JOB, 1_000, () => services.phoneTransfers.finishPending());
  // New machines whose task ended while their host could not be read finish from the task's record.
  jobs.define(FINISH_NEW_MACHINES_JOB, 15_000, () => services.newMachines.finishPending());
  // Host tasks gone quiet (a host restarted, an event was lost) are asked after, and those a host lost are
  // started again: the one place that asks a host about a task (issue 51).
  jobs.define(RECOVER_HOST_TASKS_JOB, 15_000, () => services.hostTasks.recover());
  // Templates past their time fail, expire with their days, and leave their hosts when gone (issue 15).
  jobs.define(TEMPLATES_JOB, 1_000, () => services.templates.advance());
  // Clones' phones past the clone's time fail; what a task's record ended with is applied.
  jobs.define(CLONES_JOB, 1_000, () => services.clones.advance());
  // Unpaid orders close when their time to pay runs out; delivered ones expire with their time.
  // Pushes waiting their turn start; those heard of by no host for too long fail (issue 14).
  jobs.define(PUSH_FILES_JOB, 2_000, () => services.filePushes.advance());
  // Orders sent to a wallet: a payment whose notice was lost is found, a timed-out order closes there
  // first, and refunds a wallet never answered are asked again (issue 25).
  jobs.define(SETTLE_PAYMENTS_JOB, 30_000, () => services.payments.settle());
  // Sync sessions keep their phones while their main is watched; one unwatched for ten minutes ends (issue 26).
  jobs.define(SYNC_HEARTBEAT_JOB, 30_000, () => services.sync.heartbeat());
  // Owners hear of phones expiring within a day and of expired ones, once each (issue 24).
  jobs.define(TELL_EXPIRIES_JOB, 60_000, () => services.messages.tellExpiries());
  // Analytics events reach the merchants' own collectors; one that is down is tried again (issue 29).
  jobs.define(FORWARD_ANALYTICS_JOB, 10_000, () => services.analytics.forward());
  // Uploads abandoned for a day give their room back.
  jobs.define(SWEEP_UPLOADS_JOB, 10 * 60_000, () => services.files.sweepAbandoned());
  jobs.define('orders.timeouts', 15_000, () =>
    Promise.all([services.orders.closeUnpaid(), services.fulfilment.expireEnded()]),
  );
}
