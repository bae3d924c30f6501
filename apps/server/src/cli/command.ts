import type { CliContext } from './context';

export type CliArgs = Record<string, string | undefined>;

export interface Command {
  name: string;
  usage: string;
  summary: string;
  run: (ctx: CliContext, args: CliArgs) => Promise<void>;
}

/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export function required(args: CliArgs, name: string): string {
  const value = args[name];
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

export function oneOf<T extends string>(value: string, allowed: readonly string[], name: string): T {
  if (!allowed.includes(value)) throw new UsageError(`--${name} must be one of: ${allowed.join(', ')}`);
  return value as T;
}

/** `--key value` and `--flag` pairs; anything else is a usage error. */
export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = {};
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] ?? '';
    if (!word.startsWith('--')) throw new UsageError(`unexpected argument: ${word}`);
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) args[word.slice(2)] = 'true';
    else {
      args[word.slice(2)] = next;
      i++;
    }
  }
  return args;
}
