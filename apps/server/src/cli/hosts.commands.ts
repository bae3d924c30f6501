import { HOST_JOIN_TOKEN_MINUTES } from '@cloudphone/contracts/host-registry';
import { AppError } from '../services/app-error';
import type { AdminHost } from '@cloudphone/contracts/console-clients';
import type { Command } from './command';
import { required, UsageError } from './command';
import { cliActor } from './console.commands';

/** A host's line in `host:list` (the console shows the same view): name, state, load, region, URL, ADB. */
function hostLine(host: AdminHost, now: number): string {
  const seen = host.lastSeenAt === null ? '' : ` (seen ${Math.round((now - host.lastSeenAt) / 1000)} s ago)`;
  const load = `${host.phones}/${host.capacity ?? '∞'} phones`;
  const where = host.publicUrl || '(in the server)';
  const state = `${host.state}${host.draining ? ', draining' : ''}${seen}`;
  return [host.name, state, load, host.region || '-', where, `adb ${host.adb ?? '-'}`].join('\t');
}

/** Device hosts of a setup that outgrew one machine (issue 32, DESIGN §8). */
export const hostCommands: Command[] = [
  {
    name: 'host:token',
    usage: `host:token --name NAME [--minutes ${HOST_JOIN_TOKEN_MINUTES}]`,
    summary:
      'make a single-use token a device host joins with as NAME (a known host joining again gets a new key); it expires',
    run: async ({ services, print }, args) => {
      const minutes = Number(args.minutes ?? HOST_JOIN_TOKEN_MINUTES);
      if (!Number.isInteger(minutes) || minutes < 1) throw new UsageError('--minutes must be a whole number above 0');
      const name = required(args, 'name');
      const made = services.consoleHosts.token(cliActor(), name, minutes);
      const { token, expiresAt } = await made.catch((error: unknown) => {
        if (error instanceof AppError && error.key === 'conflict')
          throw new UsageError(`${name} is the host in the server or one of DEVICE_HOSTS: it does not join`);
        throw error;
      });
      print(`join token (once, until ${new Date(expiresAt).toISOString()}): ${token}`);
      print(`start the host with: CONTROL_PLANE_URL=<this server's URL> JOIN_TOKEN=${token} npm run device-host`);
    },
  },
  {
    name: 'host:list',
    usage: 'host:list',
    summary: 'list device hosts: state, phones of capacity, region, URL and ADB ports',
    run: async ({ services, print }) => {
      const now = services.clock.now();
      for (const host of await services.consoleHosts.list()) print(hostLine(host, now));
    },
  },
  {
    name: 'host:drain',
    usage: 'host:drain --name NAME [--off]',
    summary: 'stop placing new phones on a host (its phones stay where they are); --off places on it again',
    run: async ({ services, print }, args) => {
      const name = required(args, 'name');
      const draining = !('off' in args);
      await services.consoleHosts.drain(cliActor(), name, draining);
      print(draining ? `${name} is draining: no new phone goes to it` : `${name} takes new phones again`);
    },
  },
];
