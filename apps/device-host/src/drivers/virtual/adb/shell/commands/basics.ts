import { fail, printLines, type ShellCommand } from '../shell-command';

const SHELL_GROUPS =
  '1004(input),1007(log),1011(adb),1015(sdcard_rw),1028(sdcard_r),3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats),3009(readproc),3011(uhid)';

/** `echo [-n] [-e] words…` */
export const echo: ShellCommand = async ({ args, stdout }) => {
  let newline = true;
  let escapes = false;
  while (/^-[ne]+$/.test(args[0] ?? '')) {
    const flags = args.shift()!;
    if (flags.includes('n')) newline = false;
    if (flags.includes('e')) escapes = true;
  }
  let text = args.join(' ');
  if (escapes) text = text.replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\\\/g, '\\');
  await stdout.write(newline ? `${text}\n` : text);
  return 0;
};

/** The shell's user: root only when the phone's root switch is on. */
export const id: ShellCommand = async ({ stdout, phone }) => {
  const line = phone.state.root
    ? `uid=0(root) gid=0(root) groups=0(root),${SHELL_GROUPS} context=u:r:su:s0`
    : `uid=2000(shell) gid=2000(shell) groups=2000(shell),${SHELL_GROUPS} context=u:r:shell:s0`;
  await printLines(stdout, [line]);
  return 0;
};

export const whoami: ShellCommand = async ({ stdout, phone }) => {
  await printLines(stdout, [phone.state.root ? 'root' : 'shell']);
  return 0;
};

export const succeed: ShellCommand = async () => 0;
export const failed: ShellCommand = async () => 1;

/** `exit [code]`: the shell ends with the code (the last command's when none is given). */
export const exit: ShellCommand = async ({ args, shell }) => {
  shell.exitCode = args[0] === undefined ? 0 : Number.parseInt(args[0], 10) & 0xff;
  return shell.exitCode;
};

/** `sleep seconds`: scripts wait for an app to open. */
export const sleep: ShellCommand = async (context) => {
  const seconds = Number(context.args[0]);
  if (!Number.isFinite(seconds) || seconds < 0)
    return fail(context, `sleep: invalid number '${context.args[0] ?? ''}'`);
  await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 3600) * 1000));
  return 0;
};

/** `reboot`: the same power decision as `adb reboot` and the SDK's. */
export const reboot: ShellCommand = async (context) => {
  const refused = await context.phone.reboot();
  return refused ? fail(context, `reboot: ${refused}`) : 0;
};

export const cd: ShellCommand = async (context) => {
  const { args, phone, shell } = context;
  const target = phone.files.resolve(args[0] ?? '/', shell.cwd);
  const stat = phone.files.exists(target) ? phone.files.stat(target) : undefined;
  if (stat?.kind !== 'dir') return fail(context, `/system/bin/sh: cd: ${target}: No such file or directory`, 2);
  shell.cwd = target;
  return 0;
};

export const pwd: ShellCommand = async ({ stdout, shell }) => {
  await printLines(stdout, [shell.cwd]);
  return 0;
};

export const uname: ShellCommand = async ({ args, stdout }) => {
  await printLines(stdout, [args.includes('-a') ? 'Linux localhost 5.15.0 #1 SMP PREEMPT aarch64 Toybox' : 'Linux']);
  return 0;
};
