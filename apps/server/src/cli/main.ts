import { AppError } from '../services/app-error';
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
import { scaleCommands } from './scale.commands';
import { consoleCommands } from './console.commands';

/** `npm run admin -- <command> [--option value …]`: the merchant operator's tool. */
const commands: Command[] = [
  ...tenancyCommands,
  ...accountCommands,
  ...commerceCommands,
  ...paymentCommands,
  ...messageCommands,
  ...discoverCommands,
  ...hostCommands,
  ...scaleCommands,
  ...consoleCommands,
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

/** Runs one command as the operator typed it; a mistake in the call names the command's usage. */
async function runCommand(ctx: CliContext, command: Command, argv: readonly string[]): Promise<void> {
  try {
    await command.run(ctx, parseArgs(argv));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    throw new UsageError(`${error.message}\nusage: npm run admin -- ${command.usage}`);
  }
}

/**
 * What the operator reads when a command fails, and the exit code (issue 48): one line of catalogue
 * text, never a stack; a mistaken call (2) with its usage.
 */
function failure(error: unknown): { text: string; exitCode: number } {
  if (error instanceof UsageError || error instanceof CliRefusal) return { text: error.message, exitCode: 2 };
  if (error instanceof AppError) return { text: errorMessage(error.key, 'en-US', ...error.args), exitCode: 1 };
  const cause = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return { text: `${errorMessage('systemException', 'en-US')}: ${cause}`, exitCode: 1 };
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
    if (!command) throw new UsageError(`unknown command: ${batchName}`);
    const printed: string[] = [];
    await runCommand({ ...ctx, print: (line) => printed.push(line) }, command, argv);
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

// The one place a failure is told: whatever fails below, the operator reads one line.
let ctx: CliContext | undefined;
try {
  ctx = await openCliContext();
  if (command) await runCommand(ctx, command, rest);
  else await runBatch(ctx);
} catch (error) {
  const { text, exitCode } = failure(error);
  console.error(text);
  process.exitCode = exitCode;
} finally {
  await ctx?.close();
}
