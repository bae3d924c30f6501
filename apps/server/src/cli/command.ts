import type { LocalizedText } from '@cloudphone/contracts/locale';
import { AppError } from '../services/app-error';
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

/** `--tenant ID`, of a tenant that is there: another is the catalogue's "no such tenant" (issue 48). */
export async function tenantArg({ repos }: Pick<CliContext, 'repos'>, args: CliArgs): Promise<number> {
  const tenantId = Number(required(args, 'tenant'));
  if (!Number.isSafeInteger(tenantId) || !(await repos.tenants.findById(tenantId)))
    throw new AppError('tenantNotFound');
  return tenantId;
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

/**
 * A catalogue text from `--NAME TEXT` (both languages) and/or `--NAME-zh TEXT` and `--NAME-en TEXT`
 * (one language each, over the shared one); at least one is required (issue 10 §4).
 */
export function catalogueText(args: CliArgs, name: string): LocalizedText {
  const both = args[name];
  const zh = args[`${name}-zh`] ?? both;
  const en = args[`${name}-en`] ?? both;
  if (!zh && !en) throw new UsageError(`--${name} (or --${name}-zh and --${name}-en) is required`);
  return { 'zh-CN': zh ?? en ?? '', 'en-US': en ?? zh ?? '' };
}

/** A catalogue text as the CLI prints it: `中文 / English`, or the one text when both are the same. */
export function printedText(text: LocalizedText): string {
  return text['zh-CN'] === text['en-US'] ? text['en-US'] : `${text['zh-CN']} / ${text['en-US']}`;
}
