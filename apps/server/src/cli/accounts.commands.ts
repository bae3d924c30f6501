import { mobileSchema, passwordSchema } from '@cloudphone/contracts/validation';
import { hashPassword } from '../security/password';
import type { Command } from './command';
import { oneOf, required, UsageError } from './command';
import { isOutbox } from '../providers/sms/console.provider';
import { cliActor } from './console.commands';

function mobileArg(value: string): string {
  if (!mobileSchema.safeParse(value).success) throw new UsageError(`not a mobile number: ${value}`);
  return value;
}

/** Users, merchant-issued login codes and the SMS outbox. */
export const accountCommands: Command[] = [
  {
    name: 'user:create',
    usage: 'user:create --client-no NO --mobile MOBILE [--password PASSWORD]',
    summary: 'create a user of a client’s tenant',
    run: async ({ services, print }, args) => {
      const client = await services.tenantAdmin.clientByNo(required(args, 'client-no'));
      const password = args.password;
      if (password !== undefined && !passwordSchema.safeParse(password).success) {
        throw new UsageError('--password must be 6 to 20 letters and digits');
      }
      const user = await services.auth.register(
        client.tenantId,
        mobileArg(required(args, 'mobile')),
        password ? await hashPassword(password) : null,
      );
      print(`user ${user.userNo} (${user.mobile}) on tenant ${user.tenantId}`);
    },
  },
  {
    name: 'user:disable',
    usage: 'user:disable --client-no NO --mobile MOBILE [--enable]',
    summary: 'stop a customer (signed out everywhere, sign-in refused) or, with --enable, let them in again',
    run: async ({ services, repos, print }, args) => {
      const client = await services.tenantAdmin.clientByNo(required(args, 'client-no'));
      const user = await repos.users.findByMobile(client.tenantId, mobileArg(required(args, 'mobile')));
      if (!user) throw new UsageError('no user with that mobile on this client');
      const disabled = args.enable !== 'true';
      await services.consoleCustomers.setDisabled(cliActor(), client.tenantId, user.id, disabled);
      print(`${user.mobile} ${disabled ? 'disabled' : 'enabled'}`);
    },
  },
  {
    name: 'auth-code:issue',
    usage: 'auth-code:issue --client-no NO --mobile MOBILE',
    summary: 'issue a one-time login code (valid 5 minutes) for /api/merchant/auth/validate-auth-code',
    run: async ({ services, print }, args) => {
      const client = await services.tenantAdmin.clientByNo(required(args, 'client-no'));
      const issued = await services.auth.issueAuthCode(client.tenantId, client, mobileArg(required(args, 'mobile')));
      print(issued.code);
    },
  },
  {
    name: 'phone:give',
    usage: 'phone:give --client-no NO --mobile MOBILE [--count N] [--days D] [--trial]',
    summary: 'make cloud phones on the embedded host and give them to a user (until orders land)',
    run: async ({ services, repos, print }, args) => {
      const client = await services.tenantAdmin.clientByNo(required(args, 'client-no'));
      const user = await repos.users.findByMobile(client.tenantId, mobileArg(required(args, 'mobile')));
      if (!user) throw new UsageError('no user with that mobile on this client; create one with user:create');
      const phones = await services.userPhones.give(
        client.tenantId,
        user.id,
        Number(args.count ?? 1),
        Number(args.days ?? 30),
        { trial: args.trial === 'true' },
      );
      for (const p of phones)
        print(`${p.id}\t${p.instanceNo}\t${p.name}\texpires ${new Date(p.expireTime).toISOString()}`);
    },
  },
  {
    name: 'phone:grant',
    usage: 'phone:grant --client-no NO --phone-id ID --mobile MOBILE [--permission view|control] [--days D]',
    summary: "grant an owner's phone to another user of the tenant (as the grant pages do)",
    run: async ({ services, repos, print }, args) => {
      const client = await services.tenantAdmin.clientByNo(required(args, 'client-no'));
      const phone = await repos.userPhones.findById(Number(required(args, 'phone-id')));
      const grantee = await repos.users.findByMobile(client.tenantId, mobileArg(required(args, 'mobile')));
      if (!phone || phone.tenantId !== client.tenantId) throw new UsageError('no such phone on this client');
      if (!grantee) throw new UsageError('no user with that mobile on this client; create one with user:create');
      const permission = oneOf<'view' | 'control'>(args.permission ?? 'view', ['view', 'control'], 'permission');
      const grant = await services.phoneGrants.grant(
        phone.userId,
        phone.id,
        grantee.id,
        permission,
        Number(args.days ?? 7),
      );
      print(
        `grant ${grant.id}: phone ${phone.id} to ${grantee.mobile} (${permission}) until ${new Date(grant.expireTime).toISOString()}`,
      );
    },
  },
  {
    name: 'sms:outbox',
    usage: 'sms:outbox --mobile MOBILE',
    summary: 'show the codes the console SMS provider sent to a number, newest first',
    run: async ({ sms, print }, args) => {
      if (!isOutbox(sms)) throw new UsageError(`the ${sms.name} SMS provider keeps no outbox`);
      for (const m of sms.outbox(mobileArg(required(args, 'mobile')))) {
        print(`${new Date(m.sendTime).toISOString()}\tscene ${m.scene}\t${m.code}`);
      }
    },
  },
];
