import { hostname, userInfo } from 'node:os';
import { OPERATOR_ROLES, type OperatorRole } from '@cloudphone/contracts/operators';
import type { AuditActor } from '../repositories/audit.repository';
import type { Command } from './command';
import { oneOf, required, tenantArg, UsageError } from './command';

/** Who a change the CLI makes is recorded as: the operating-system user who ran it, on this machine. */
export function cliActor(): AuditActor {
  let name = process.env.USER ?? 'unknown';
  try {
    name = userInfo().username;
  } catch {
    // A user without a passwd entry (a container's): the environment's name stands.
  }
  return { kind: 'cli', name, role: 'cli', address: hostname() };
}

/** Operators and the audit trail (issue 62). */
export const consoleCommands: Command[] = [
  {
    name: 'operator:create',
    usage: `operator:create (--tenant ID | --platform) --login NAME --password PASSWORD --role ${OPERATOR_ROLES.join('|')}`,
    summary: 'add a console operator; prints its authenticator secret (as an otpauth:// link) once',
    run: async (ctx, args) => {
      const tenantId = args.platform === 'true' ? null : await tenantArg(ctx, args);
      const created = await ctx.services.operators.create(cliActor(), {
        tenantId,
        login: required(args, 'login'),
        password: required(args, 'password'),
        role: oneOf<OperatorRole>(required(args, 'role'), OPERATOR_ROLES, 'role'),
      });
      ctx.print(`operator #${created.operatorId} ${created.login} (${created.role})`);
      ctx.print(`authenticator secret: ${created.totpSecret}`);
      ctx.print(created.otpauthUri);
    },
  },
  {
    name: 'operator:disable',
    usage: 'operator:disable --tenant ID --operator-id N [--enable]',
    summary: 'disable a console operator (its sign-in ends at its next call), or enable it again',
    run: async (ctx, args) => {
      const tenantId = await tenantArg(ctx, args);
      const operatorId = Number(required(args, 'operator-id'));
      if (!Number.isInteger(operatorId) || operatorId < 1) throw new UsageError('--operator-id must be a number');
      const operator = await ctx.services.operators.setDisabled(
        cliActor(),
        tenantId,
        operatorId,
        args.enable !== 'true',
      );
      ctx.print(`operator #${operator.operatorId} ${operator.login} ${operator.disabled ? 'disabled' : 'enabled'}`);
    },
  },
  {
    name: 'audit:list',
    usage: 'audit:list (--tenant ID | --platform) [--action ACTION] [--actor NAME] [--limit N]',
    summary: 'who changed what, newest first: operators in the console and users of this CLI',
    run: async (ctx, args) => {
      const tenantId = args.platform === 'true' ? null : await tenantArg(ctx, args);
      const limit = Number(args.limit ?? 50);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be 1 to 1000');
      const { rows } = await ctx.services.auditTrail.list(
        tenantId,
        { action: args.action, actorName: args.actor },
        { pageNo: 1, pageSize: limit },
      );
      for (const entry of rows)
        ctx.print(
          [
            new Date(entry.at).toISOString(),
            `${entry.actor.name} (${entry.actor.role}, ${entry.actor.address})`,
            entry.action,
            `${entry.targetType} ${entry.targetId}`,
            JSON.stringify(entry.before),
            '→',
            JSON.stringify(entry.after),
          ].join('  '),
        );
    },
  },
];
