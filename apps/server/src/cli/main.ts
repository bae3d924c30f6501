import { AppError } from '../http/app-error';
import { errorMessage } from '@cloudphone/contracts/errors';
import { parseArgs, UsageError, type Command } from './command';
import { CliRefusal, openCliContext } from './context';
import { tenancyCommands } from './tenancy.commands';
import { accountCommands } from './accounts.commands';
import { commerceCommands } from './commerce.commands';
import { messageCommands } from './messages.commands';
import { paymentCommands } from './payments.commands';
import { discoverCommands } from './discover.commands';
import { hostCommands } from './hosts.commands';

/** `npm run admin -- <command> [--option value …]`: the merchant operator's tool. */
const commands: Command[] = [
  ...tenancyCommands,
  ...accountCommands,
  ...commerceCommands,
  ...paymentCommands,
  ...messageCommands,
  ...discoverCommands,
  ...hostCommands,
];

function help(): string {
  return [
    'usage: npm run admin -- <command> [options]',
    '',
    ...commands.map((c) => `  ${c.usage}\n      ${c.summary}`),
  ].join('\n');
}

const [name, ...rest] = process.argv.slice(2);
const command = commands.find((c) => c.name === name);
if (!command) {
  console.log(help());
  process.exit(name && name !== 'help' ? 2 : 0);
}

const ctx = await openCliContext().catch((error: unknown) => {
  if (!(error instanceof CliRefusal)) throw error;
  console.error(error.message);
  process.exit(2);
});
try {
  await command.run(ctx, parseArgs(rest));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\nusage: npm run admin -- ${command.usage}`);
    process.exitCode = 2;
  } else if (error instanceof AppError) {
    console.error(errorMessage(error.key, 'en-US'));
    process.exitCode = 1;
  } else throw error;
} finally {
  await ctx.close();
}
