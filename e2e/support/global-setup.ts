import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack, type Stack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Unused activation codes of the demo tenant's "Standard · 3d" package, for purchase and for renewal. */
    purchaseCodes: string[];
    renewalCodes: string[];
    /** A user who holds, by a view-only grant, another user's phone (and has none of their own). */
    viewer: { mobile: string; password: string; userPhoneId: number };
    /** A user with two phones of their own, for the files journey (apps installed there stay there). */
    filesUser: { mobile: string; password: string; userPhoneIds: number[] };
    /** An owner of two phones no other spec touches, and an account with none (issue 13: grants, replacement). */
    grantor: { mobile: string; password: string; userPhoneIds: number[] };
    grantee: { mobile: string; password: string };
    /** Owners of one phone each for the phone-policy journey (issue 20): one cancels the account, one clones. */
    canceller: { mobile: string; password: string; userPhoneIds: number[] };
    cloner: { mobile: string; password: string; userPhoneIds: number[] };
    /** An owner of two phones whose lists follow the live channel (issue 21), and the account it transfers to. */
    liveOwner: { mobile: string; password: string; userPhoneIds: number[] };
    liveReceiver: { mobile: string; password: string };
    /** An owner of one phone that gets an app with an adaptive icon (issue 22). */
    iconOwner: { mobile: string; password: string; userPhoneIds: number[] };
    /** An owner of one phone who transfers it, and the account whose messages tell of it (issue 24). */
    messageSender: { mobile: string; password: string; userPhoneIds: number[] };
    messageReceiver: { mobile: string; password: string };
    /** An owner of two phones who installs a game (issue 29), the banner the admin CLI added, a merchant key. */
    gamer: { mobile: string; password: string; userPhoneIds: number[] };
    discoverBanner: string;
    merchantKey: { accessKey: string; secretKey: string };
    /** Owners of phones for the desktop client (issue 30): the shell's two accounts, the desktop UI's user. */
    deskOwner: { mobile: string; password: string; userPhoneIds: number[] };
    deskSecond: { mobile: string; password: string };
    deskUiOwner: { mobile: string; password: string; userPhoneIds: number[] };
    /** The desktop screens' user (issue 31): three phones to sync, install on and transfer; the receiver. */
    deskWorker: { mobile: string; password: string; userPhoneIds: number[] };
    deskReceiver: { mobile: string; password: string };
    /** A customer whose paid order the console refunds (issue 62). */
    refundBuyer: { mobile: string; password: string };
    /** A gamer who plays the demo game from the keyboard on three phones in sync (issue 65). */
    keyMapper: { mobile: string; password: string; userPhoneIds: number[] };
    /** The shared stack's data folder: its device host's store is read beside it (the demo game's gold). */
    dataDir: string;
  }
}

type Admin = (...args: string[]) => Promise<string>;

/**
 * The admin CLI, batched: the commands asked for in one turn of the event loop run in one CLI process
 * (its `batch`), so setting up the suite's accounts pays the CLI's start-up a few times, not forty.
 */
function batchedAdmin(stack: Stack): Admin {
  let queued: { argv: string[]; resolve: (out: string) => void; reject: (error: unknown) => void }[] = [];
  const flush = () => {
    const batch = queued;
    queued = [];
    stack.adminBatch(batch.map((q) => q.argv)).then(
      (outputs) => batch.forEach((q, i) => q.resolve(outputs[i] ?? '')),
      (error: unknown) => batch.forEach((q) => q.reject(error)),
    );
  };
  return (...argv) =>
    new Promise((resolve, reject) => {
      if (queued.length === 0) setImmediate(flush);
      queued.push({ argv, resolve, reject });
    });
}

/** One real stack for the whole browser suite, with the extra clients the specs need. */
export default async function setup(project: TestProject) {
  const stack = await startStack();
  const admin = batchedAdmin(stack);
  project.provide('baseUrl', stack.baseUrl);
  project.provide('dataDir', stack.dataDir);
  const codes = async (usage: 'buy' | 'renew') =>
    (await admin('codes:generate', '--client-no', 'demo', '--package-id', '2', '--usage', usage, '--count', '5'))
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0] ?? '');
  const banner = 'Double days this weekend';
  // Independent of each other: their commands go together, a step of each at a time.
  const [purchaseCodes, renewalCodes, viewer, key] = await Promise.all([
    codes('buy'),
    codes('renew'),
    grantViewOnlyPhone(admin),
    admin('merchant:key', '--tenant', '1'),
    // A desktop-only client: the h5 app must refuse it without a merchant code (spec §8).
    admin('client:create', '--tenant', '1', '--client-no', 'desk', '--name', 'Desk', '--platform', 'pc'),
    admin(
      'ad:add',
      '--client-no',
      'demo',
      '--position',
      '1',
      '--title',
      banner,
      '--image',
      '/app/icons/banner.svg',
      '--sort',
      '-1',
    ),
    customerServiceWithQr(admin),
    moveClientToNewDomain(admin, new URL(stack.baseUrl).port),
    // A client with only the functions every client has: Discover and the rest are off (issue 55).
    admin('client:create', '--tenant', '1', '--client-no', 'lite', '--name', 'Lite'),
  ]);
  project.provide('purchaseCodes', purchaseCodes);
  project.provide('renewalCodes', renewalCodes);
  project.provide('viewer', viewer);
  project.provide('discoverBanner', banner);
  project.provide('merchantKey', {
    accessKey: /access key: (\S+)/.exec(key)![1]!,
    secretKey: /secret key: (\S+)/.exec(key)![1]!,
  });
  const owners = {
    grantor: ['13900000013', 2],
    filesUser: ['13900000021', 2],
    canceller: ['13900000031', 1],
    cloner: ['13900000032', 1],
    liveOwner: ['13900000033', 2],
    iconOwner: ['13900000035', 1],
    messageSender: ['13900000036', 1],
    gamer: ['13900000041', 2],
    deskOwner: ['13900000051', 3],
    deskUiOwner: ['13900000053', 2],
    deskWorker: ['13900000054', 3],
    keyMapper: ['13900000065', 3],
  } as const;
  const accounts = {
    grantee: '13900000014',
    liveReceiver: '13900000034',
    messageReceiver: '13900000037',
    deskSecond: '13900000052',
    deskReceiver: '13900000055',
    refundBuyer: '13900000061',
  } as const;
  await Promise.all([
    ...Object.entries(owners).map(async ([name, [mobile, count]]) =>
      project.provide(name as keyof typeof owners, await ownerOfPhones(admin, mobile, count)),
    ),
    ...Object.entries(accounts).map(async ([name, mobile]) =>
      project.provide(name as keyof typeof accounts, await accountWithoutPhones(admin, mobile)),
    ),
  ]);
  return () => stack.stop();
}

/** An owner with one phone, granted view-only to a viewer: no other spec touches that phone. */
async function grantViewOnlyPhone(admin: Admin) {
  const owner = '13900000011';
  const viewer = { mobile: '13900000012', password: 'viewer123' };
  await admin('user:create', '--client-no', 'demo', '--mobile', owner, '--password', 'owner1234');
  await admin('user:create', '--client-no', 'demo', '--mobile', viewer.mobile, '--password', viewer.password);
  const given = await admin('phone:give', '--client-no', 'demo', '--mobile', owner, '--count', '1', '--days', '30');
  const userPhoneId = Number(given.split('\t')[0]);
  await admin('phone:grant', '--client-no', 'demo', '--phone-id', String(userPhoneId), '--mobile', viewer.mobile);
  return { ...viewer, userPhoneId };
}

/**
 * Client `moved` is leaving 127.0.0.1 for localhost (same server, another host name): its visitors on
 * 127.0.0.1 get the old-domain notice (spec §8), which leads to the login page on the new host.
 */
async function moveClientToNewDomain(admin: Admin, port: string) {
  await admin('client:create', '--tenant', '1', '--client-no', 'moved', '--name', 'Moved');
  await admin('config:set', '--client-no', 'moved', '--key', 'domain.old', '--value', `127.0.0.1:${port}`);
  await admin('config:set', '--client-no', 'moved', '--key', 'domain.new', '--value', `localhost:${port}`);
}

/** The demo client's customer service: a QR picture the admin CLI keeps, and working hours (issue 24). */
async function customerServiceWithQr(admin: Admin) {
  const qr = join(mkdtempSync(join(tmpdir(), 'cloudphone-qr-')), 'qr.svg');
  writeFileSync(
    qr,
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#fff"/><path d="M1 1h2v2H1zM5 1h2v2H5zM1 5h2v2H1zM4 4h1v1H4z"/></svg>',
  );
  await admin('client:customer-service', '--client-no', 'demo', '--qr-file', qr, '--work-time', '9:00–21:00');
}

async function accountWithoutPhones(admin: Admin, mobile: string) {
  const account = { mobile, password: 'between12' };
  await admin('user:create', '--client-no', 'demo', '--mobile', mobile, '--password', account.password);
  return account;
}

async function ownerOfPhones(admin: Admin, mobile: string, count: number) {
  const account = await accountWithoutPhones(admin, mobile);
  const given = await admin('phone:give', '--client-no', 'demo', '--mobile', mobile, '--count', String(count));
  const userPhoneIds = given
    .trim()
    .split('\n')
    .map((line) => Number(line.split('\t')[0]));
  return { ...account, userPhoneIds };
}
