import { posix } from 'node:path';
import type { AdbOperation } from '@cloudphone/contracts/adb';
import { expandWord, parseCommandLine, ShellSyntaxError, type Redirect, type Word } from './command-line';

/**
 * What a shell command asks of the phone (issue 53): an operation of `ADB_OPERATION_ACTIONS`, so a
 * line of the access table — by its arguments where its subcommands differ (`pm list` reads, `pm
 * install` writes). Undefined: the command is not one we know what it does.
 */
export type Asks = AdbOperation | ((args: readonly string[]) => AdbOperation | undefined);

/** What a command asks, given its arguments; undefined when we cannot tell. */
export const askedBy = (asks: Asks | undefined, args: readonly string[]): AdbOperation | undefined =>
  typeof asks === 'function' ? asks(args) : asks;

/** A redirection into a file (`> file`, `>> file`) writes to the phone. */
export const REDIRECT_ASKS: AdbOperation = 'write';

/** By its first argument: the subcommands named change the phone as said, the others only read. */
const bySubcommand =
  (changing: Record<string, AdbOperation>) =>
  (args: readonly string[]): AdbOperation =>
    changing[args[0] ?? ''] ?? 'read';

/** `pm`: listing reads; installing, uninstalling and clearing write. */
const PACKAGES = bySubcommand({ install: 'write', uninstall: 'write', clear: 'write' });
/** `am start` and `am force-stop` are input (a sync session replays them); the rest only read. */
const ACTIVITIES = bySubcommand({ start: 'input', 'start-activity': 'input', 'force-stop': 'input' });
/** `settings put` and `delete` change the phone as input does; `get` and `list` read. */
const SETTINGS = bySubcommand({ put: 'input', delete: 'input' });

/** `cmd <service> …`: the services' own command lines, as `cmd package install` is `pm install`. */
export const CMD_SERVICE_ASKS: Record<string, Asks> = {
  package: PACKAGES,
  activity: ACTIVITIES,
  settings: SETTINGS,
  input: 'input',
  window: 'read',
};

/** The commands whose effect we know, by name (the emulated shell has exactly these). */
export const COMMAND_ASKS: Record<string, Asks> = {
  am: ACTIVITIES,
  cat: 'read',
  cd: 'read',
  cmd: ([service = '', ...args]) => askedBy(CMD_SERVICE_ASKS[service], args),
  cp: 'write',
  dumpsys: 'read',
  echo: 'read',
  exit: 'read',
  false: 'read',
  getprop: 'read',
  grep: 'read',
  head: 'read',
  id: 'read',
  input: 'input',
  ls: 'read',
  mkdir: 'write',
  monkey: 'input',
  mv: 'write',
  pm: PACKAGES,
  pwd: 'read',
  reboot: 'reboot',
  rm: 'write',
  // A screenshot into a file writes one; to stdout it only reads the screen.
  screencap: (args) => (args.some((a) => !a.startsWith('-')) ? 'write' : 'read'),
  setprop: 'input',
  settings: SETTINGS,
  sleep: 'read',
  tail: 'read',
  true: 'read',
  uname: 'read',
  wc: 'read',
  whoami: 'read',
  wm: 'read',
};

/** Where a command named by its path is one of the system's own. */
const BIN_DIRS = new Set(['/system/bin', '/system/xbin', '/bin', '/vendor/bin']);

/** A command's name as the table knows it: `/system/bin/pm` is `pm`. */
export const commandName = (path: string): string =>
  path.includes('/') && BIN_DIRS.has(posix.dirname(path)) ? posix.basename(path) : path;

/** Everything a phone's shell can do: what a line asks when it cannot be read command by command. */
export const EVERYTHING: readonly AdbOperation[] = ['read', 'input', 'write', 'reboot'];

/** The words of a line that is one command of literal words (adb quotes them: `cmd package 'install'`), or null. */
export function wordsOfLine(line: string): string[] | null {
  let script;
  try {
    script = parseCommandLine(line);
  } catch {
    return null;
  }
  const command = script.length === 1 && script[0]!.rest.length === 0 ? script[0]!.first : [];
  if (command.length !== 1 || command[0]!.redirects.length > 0) return null;
  const words = command[0]!.words.map(literal);
  return words.some((word) => word === null) ? null : (words as string[]);
}

const literal = (word: Word) => (word.every((part) => typeof part === 'string') ? expandWord(word, () => '') : null);

/**
 * What a whole command line asks, for a daemon that runs it without reading it (a device's own shell,
 * issue 61): each of its commands by the table, a redirection into a file a write. A line we cannot
 * read to the end — a command we do not know, a nested `sh`, a command named by a variable, or an
 * interactive shell's (empty) — may do anything, so it asks everything.
 */
export function asksOfLine(line: string): readonly AdbOperation[] {
  // Substitutions run commands of their own, which the table's reading does not see.
  if (line.trim() === '' || /\$\(|`/.test(line)) return EVERYTHING;
  let script;
  try {
    script = parseCommandLine(line);
  } catch (error) {
    // mksh reads more than our parser does (loops, functions): what it would run is not known.
    if (error instanceof ShellSyntaxError) return EVERYTHING;
    throw error;
  }
  const asks = new Set<AdbOperation>();
  const intoFile = (redirect: Redirect) =>
    (redirect.op === '>' || redirect.op === '>>') &&
    typeof redirect.target !== 'number' &&
    literal(redirect.target) !== '/dev/null';
  for (const list of script)
    for (const pipeline of [list.first, ...list.rest.map((r) => r.pipeline)])
      for (const command of pipeline) {
        if (command.redirects.some(intoFile)) asks.add(REDIRECT_ASKS);
        const words = command.words.map(literal);
        if (words.length === 0) continue;
        if (words.some((word) => word === null)) return EVERYTHING;
        const [path, ...args] = words as string[];
        const asked = askedBy(COMMAND_ASKS[commandName(path!)], args);
        if (!asked) return EVERYTHING;
        asks.add(asked);
      }
  return asks.size === 0 ? ['read'] : [...asks];
}
