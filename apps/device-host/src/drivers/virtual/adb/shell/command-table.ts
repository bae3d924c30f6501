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
import { fail, type ShellCommand } from './shell-command';

/** `cmd <service> …`: the services' own command lines, as `cmd package install` is `pm install`. */
const CMD_SERVICES: Record<string, ShellCommand> = { package: pm, activity: am, settings, input, window: wm };

const cmd: ShellCommand = async (context) => {
  const [service, ...args] = context.args;
  const run = CMD_SERVICES[service ?? ''];
  if (!run) return fail(context, `cmd: Can't find service: ${service ?? ''}`, 20);
  return run({ ...context, name: service!, args });
};

/** The emulated phone's commands, by name (`/system/bin` lists them). */
export const COMMANDS: Record<string, ShellCommand> = {
  am,
  cat,
  cd,
  cmd,
  cp,
  dumpsys,
  echo,
  exit,
  false: failed,
  getprop,
  grep,
  head,
  id,
  input,
  ls,
  mkdir,
  monkey,
  mv,
  pm,
  pwd,
  reboot,
  rm,
  screencap,
  setprop,
  settings,
  sleep,
  tail,
  true: succeed,
  uname,
  wc,
  whoami,
  wm,
};
