import { AppError } from '../http/app-error';
import { errorMessage } from '@cloudphone/contracts/errors';
import { parseArgs, UsageError, type Command } from './command';
import { CliRefusal, openCliContext, type CliContext } from './context';
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
    '  batch',
    '      run the commands of a JSON array of argument lists on stdin in one process; prints what each printed',
  ].join('\n');
}

/** Runs one command as the operator typed it; false when it failed (said on stderr, exit code set). */
async function runCommand(ctx: CliContext, command: Command, argv: readonly string[]): Promise<boolean> {
  try {
    await command.run(ctx, parseArgs(argv));
    return true;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\nusage: npm run admin -- ${command.usage}`);
      process.exitCode = 2;
    } else if (error instanceof AppError) {
      console.error(errorMessage(error.key, 'en-US'));
      process.exitCode = 1;
    } else throw error;
    return false;
  }
}

/**
 * `batch`: commands as a JSON array of argument lists on stdin, run one after another in this one
 * process (a script setting up many accounts pays the start-up once); prints a JSON array of what each
 * printed. Stops at the first that fails.
 */
async function runBatch(ctx: CliContext): Promise<void> {
  const lines: string[] = [];
  for await (const chunk of process.stdin) lines.push(String(chunk));
  const batch = JSON.parse(lines.join('')) as string[][];
  const outputs: string[] = [];
  for (const [batchName, ...argv] of batch) {
    const command = commands.find((c) => c.name === batchName);
    if (!command) {
      console.error(`unknown command: ${batchName}`);
      process.exitCode = 2;
      return;
    }
    const printed: string[] = [];
    if (!(await runCommand({ ...ctx, print: (line) => printed.push(line) }, command, argv))) return;
    outputs.push(printed.map((line) => `${line}\n`).join(''));
  }
  console.log(JSON.stringify(outputs));
}

const [name, ...rest] = process.argv.slice(2);
const command = commands.find((c) => c.name === name);
if (!command && name !== 'batch') {
  console.log(help());
  process.exit(name && name !== 'help' ? 2 : 0);
}

const ctx = await openCliContext().catch((error: unknown) => {
  if (!(error instanceof CliRefusal)) throw error;
  console.error(error.message);
  process.exit(2);
});
try {
  if (command) await runCommand(ctx, command, rest);
  else await runBatch(ctx);
} finally {
  await ctx.close();
}
