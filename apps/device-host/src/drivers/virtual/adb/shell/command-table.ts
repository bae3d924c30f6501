import type { AdbOperation } from '@cloudphone/contracts/adb';
import { am, monkey } from './commands/activities';
import { cd, echo, exit, failed, id, pwd, reboot, sleep, succeed, uname, whoami } from './commands/basics';
import { dumpsys } from './commands/dumpsys';
import { cat, cp, ls, mkdir, mv, rm } from './commands/files';
import { input } from './commands/input';
import { pm } from './commands/packages';
import { getprop, setprop } from './commands/properties';
import { screencap, wm } from './commands/screen';
import { settings } from './commands/settings';
import { grep, head, tail, wc } from './commands/text';
import { fail, type CommandContext, type ShellCommand } from './shell-command';

/**
 * One command of the emulated shell (issue 53): how it runs, and what it asks of the phone — an
 * operation of `ADB_OPERATION_ACTIONS`, so a line of the access table — which the shell checks once,
 * before it runs it. A command never checks the locks itself.
 */
export interface CommandEntry {
  run: ShellCommand;
  /** What it asks; by its arguments where its subcommands differ (`pm list` reads, `pm install` writes). */
  asks: AdbOperation | ((args: readonly string[]) => AdbOperation);
  /** How it says the phone refused it, in the tool's own words; `name: why` (exit 1) when absent. */
  refused?: (context: CommandContext, why: string) => Promise<number>;
}

/** What a command asks, given its arguments. */
export const asked = (entry: CommandEntry, args: readonly string[]): AdbOperation =>
  typeof entry.asks === 'string' ? entry.asks : entry.asks(args);

/** A redirection into a file (`> file`, `>> file`) writes to the phone. */
export const REDIRECT_ASKS: AdbOperation = 'write';

/** By its first argument: the subcommands named change the phone as said, the others only read. */
const bySubcommand =
  (changing: Record<string, AdbOperation>) =>
  (args: readonly string[]): AdbOperation =>
    changing[args[0] ?? ''] ?? 'read';

const reads = (run: ShellCommand): CommandEntry => ({ run, asks: 'read' });
const writes = (run: ShellCommand): CommandEntry => ({ run, asks: 'write' });

/** `pm`: listing reads; installing, uninstalling and clearing write, refused in pm's own words. */
const packages: CommandEntry = {
  run: pm,
  asks: bySubcommand({ install: 'write', uninstall: 'write', clear: 'write' }),
  refused: (context, why) =>
    fail(context, `Failure [${context.args[0] === 'uninstall' ? 'DELETE' : 'INSTALL'}_FAILED_ABORTED: ${why}]`),
};

/** `am start` and `am force-stop` are input (a sync session replays them); the rest only read. */
const activities: CommandEntry = {
  run: am,
  asks: bySubcommand({ start: 'input', 'start-activity': 'input', 'force-stop': 'input' }),
  refused: (context, why) => fail(context, `Error: ${why}`),
};

/** `settings put` and `delete` change the phone as input does; `get` and `list` read. */
const settingsEntry: CommandEntry = { run: settings, asks: bySubcommand({ put: 'input', delete: 'input' }) };
const inputEntry: CommandEntry = { run: input, asks: 'input' };

/** `cmd <service> …`: the services' own command lines, as `cmd package install` is `pm install`. */
const CMD_SERVICES: Record<string, CommandEntry> = {
  package: packages,
  activity: activities,
  settings: settingsEntry,
  input: inputEntry,
  window: reads(wm),
};

/** The service `cmd` names, and the command line it is given. */
function served(context: Pick<CommandContext, 'args'>): { entry?: CommandEntry; name: string; args: string[] } {
  const [service = '', ...args] = context.args;
  return { entry: CMD_SERVICES[service], name: service, args };
}

const cmd: CommandEntry = {
  run: async (context) => {
    const { entry, name, args } = served(context);
    if (!entry) return fail(context, `cmd: Can't find service: ${name}`, 20);
    return entry.run({ ...context, name, args });
  },
  asks: (args) => {
    const { entry, args: rest } = served({ args: [...args] });
    return entry ? asked(entry, rest) : 'read';
  },
  refused: (context, why) => {
    const { entry, name, args } = served(context);
    const named = { ...context, name, args };
    return entry?.refused ? entry.refused(named, why) : fail(named, `${name}: ${why}`);
  },
};

/** The emulated phone's commands, by name (`/system/bin` lists them). */
export const COMMANDS: Record<string, CommandEntry> = {
  am: activities,
  cat: reads(cat),
  cd: reads(cd),
  cmd,
  cp: writes(cp),
  dumpsys: reads(dumpsys),
  echo: reads(echo),
  exit: reads(exit),
  false: reads(failed),
  getprop: reads(getprop),
  grep: reads(grep),
  head: reads(head),
  id: reads(id),
  input: inputEntry,
  ls: reads(ls),
  mkdir: writes(mkdir),
  monkey: { run: monkey, asks: 'input', refused: (context, why) => fail(context, `** monkey aborted: ${why}`, 252) },
  mv: writes(mv),
  pm: packages,
  pwd: reads(pwd),
  reboot: { run: reboot, asks: 'reboot' },
  rm: writes(rm),
  // A screenshot into a file writes one; to stdout it only reads the screen.
  screencap: { run: screencap, asks: (args) => (args.some((a) => !a.startsWith('-')) ? 'write' : 'read') },
  setprop: { run: setprop, asks: 'input' },
  settings: settingsEntry,
  sleep: reads(sleep),
  tail: reads(tail),
  true: reads(succeed),
  uname: reads(uname),
  wc: reads(wc),
  whoami: reads(whoami),
  wm: reads(wm),
};
