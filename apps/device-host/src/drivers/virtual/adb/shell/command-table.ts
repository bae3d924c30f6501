import type { AdbOperation } from '@cloudphone/contracts/adb';
import { askedBy, COMMAND_ASKS } from '../../../../adb/command-asks';
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
 * One command of the emulated shell (issue 53): how it runs, and how it says the phone refused it.
 * What it asks of the phone is the shared table's (`COMMAND_ASKS`), which the shell checks once,
 * before it runs it — a device's relayed shell reads the same table. A command never checks the
 * locks itself.
 */
export interface CommandEntry {
  run: ShellCommand;
  /** How it says the phone refused it, in the tool's own words; `name: why` (exit 1) when absent. */
  refused?: (context: CommandContext, why: string) => Promise<number>;
}

/** What a command asks, given its arguments (a `cmd` of a service it does not have only reads: it fails). */
export const asked = (name: string, args: readonly string[]): AdbOperation =>
  askedBy(COMMAND_ASKS[name], args) ?? 'read';

const plain = (run: ShellCommand): CommandEntry => ({ run });

/** `pm`: refused in pm's own words. */
const packages: CommandEntry = {
  run: pm,
  refused: (context, why) =>
    fail(context, `Failure [${context.args[0] === 'uninstall' ? 'DELETE' : 'INSTALL'}_FAILED_ABORTED: ${why}]`),
};

const activities: CommandEntry = { run: am, refused: (context, why) => fail(context, `Error: ${why}`) };

/** `cmd <service> …`: the services' own command lines, as `cmd package install` is `pm install`. */
const CMD_SERVICES: Record<string, CommandEntry> = {
  package: packages,
  activity: activities,
  settings: plain(settings),
  input: plain(input),
  window: plain(wm),
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
  refused: (context, why) => {
    const { entry, name, args } = served(context);
    const named = { ...context, name, args };
    return entry?.refused ? entry.refused(named, why) : fail(named, `${name}: ${why}`);
  },
};

/** The emulated phone's commands, by name (`/system/bin` lists them). */
export const COMMANDS: Record<string, CommandEntry> = {
  am: activities,
  cat: plain(cat),
  cd: plain(cd),
  cmd,
  cp: plain(cp),
  dumpsys: plain(dumpsys),
  echo: plain(echo),
  exit: plain(exit),
  false: plain(failed),
  getprop: plain(getprop),
  grep: plain(grep),
  head: plain(head),
  id: plain(id),
  input: plain(input),
  ls: plain(ls),
  mkdir: plain(mkdir),
  monkey: { run: monkey, refused: (context, why) => fail(context, `** monkey aborted: ${why}`, 252) },
  mv: plain(mv),
  pm: packages,
  pwd: plain(pwd),
  reboot: plain(reboot),
  rm: plain(rm),
  screencap: plain(screencap),
  setprop: plain(setprop),
  settings: plain(settings),
  sleep: plain(sleep),
  tail: plain(tail),
  true: plain(succeed),
  uname: plain(uname),
  wc: plain(wc),
  whoami: plain(whoami),
  wm: plain(wm),
};
