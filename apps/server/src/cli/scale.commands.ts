import { BIG_ACCOUNT, seedScale, type ScaleSize } from '../seed/scale';
import { UsageError, type Command } from './command';

const DEFAULT_SIZE: ScaleSize = {
  users: 10_000,
  phones: 100_000,
  bigAccountPhones: 10_000,
  orders: 1_000_000,
  otherOrders: 1_000_000,
  messages: 1_000_000,
  pushes: 1_000_000,
};

const OPTIONS: Record<string, keyof ScaleSize> = {
  users: 'users',
  phones: 'phones',
  'big-account-phones': 'bigAccountPhones',
  orders: 'orders',
  'other-orders': 'otherOrders',
  messages: 'messages',
  pushes: 'pushes',
};

/** A merchant's year of data in the demo tenant, for measuring at scale (bench/api `--scale`, issue 56). */
export const scaleCommands: Command[] = [
  {
    name: 'demo:scale',
    usage:
      'demo:scale [--users N] [--phones N] [--big-account-phones N] [--orders N] [--other-orders N] [--messages N] [--pushes N]',
    summary: `add a year of a large merchant's data to the demo tenant once (${BIG_ACCOUNT.mobile} holds the most phones, password ${BIG_ACCOUNT.password})`,
    run: async ({ db, repos, print }, args) => {
      const size = { ...DEFAULT_SIZE };
      for (const [option, field] of Object.entries(OPTIONS)) {
        if (args[option] === undefined) continue;
        const value = Number(args[option]);
        if (!Number.isInteger(value) || value < 1) throw new UsageError(`--${option} must be a whole number above 0`);
        size[field] = value;
      }
      if (size.bigAccountPhones >= size.phones || size.users < 2)
        throw new UsageError('--big-account-phones must be below --phones, and --users at least 2');
      const demo = await repos.clients.findByClientNo('demo');
      if (demo && (await repos.users.findByMobile(demo.tenantId, BIG_ACCOUNT.mobile))) {
        print('already there: the demo tenant holds the large data set');
        return;
      }
      const started = Date.now();
      await seedScale(db, size);
      print(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(size)}`);
    },
  },
];
