import { createReadStream } from 'node:fs';
import { posix } from 'node:path';
import { FileProblem } from '../../file-problem';
import type { FileStat } from '../../phone-files';
import { fail, printLines, type CommandContext, type ShellCommand } from '../shell-command';

/** Splits `-la` style flags from the operands. */
function options(args: string[]): { flags: Set<string>; operands: string[] } {
  const flags = new Set<string>();
  const operands: string[] = [];
  for (const arg of args) {
    if (/^-[A-Za-z]+$/.test(arg)) for (const flag of arg.slice(1)) flags.add(flag);
    else operands.push(arg);
  }
  return { flags, operands };
}

/** Runs `each` on every operand; a refused one prints toybox's complaint and the command ends 1. */
async function eachPath(
  context: CommandContext,
  operands: string[],
  each: (path: string) => Promise<void> | void,
): Promise<number> {
  let code = 0;
  for (const operand of operands) {
    try {
      await each(context.phone.files.resolve(operand, context.shell.cwd));
    } catch (error) {
      if (!(error instanceof FileProblem)) throw error;
      await context.stderr.write(`${context.name}: ${operand}: ${error.message}\n`);
      code = 1;
    }
  }
  return code;
}

/** `ls [-l] [-a] [-d] [-1] [paths…]`: one name a line, as toybox prints to a pipe. */
export const ls: ShellCommand = async (context) => {
  const { flags, operands } = options(context.args);
  const paths = operands.length > 0 ? operands : [context.shell.cwd];
  const long = flags.has('l');
  const line = (name: string, stat: FileStat) => (long ? `${longLine(stat)} ${name}` : name);
  const { files } = context.phone;
  return eachPath(context, paths, async (path) => {
    const stat = files.stat(path);
    if (stat.kind === 'file' || flags.has('d')) return printLines(context.stdout, [line(path, stat)]);
    const entries = files.list(path).filter((e) => flags.has('a') || !e.name.startsWith('.'));
    const header = paths.length > 1 ? [`${path}:`] : [];
    await printLines(context.stdout, [...header, ...entries.map((e) => line(e.name, e.stat))]);
  });
};

function longLine(stat: FileStat): string {
  const bits = stat.mode & 0o777;
  const rwx = [6, 3, 0].map((shift) => ['r', 'w', 'x'].map((c, i) => (bits & ((4 >> i) << shift) ? c : '-')).join(''));
  const time = new Date(stat.mtimeMs).toISOString().replace('T', ' ').slice(0, 16);
  const type = stat.kind === 'dir' ? 'd' : '-';
  return `${type}${rwx.join('')} 1 root sdcard_rw ${String(stat.size).padStart(8)} ${time}`;
}

/** `cat [files…]`: the files' bytes, or stdin's. */
export const cat: ShellCommand = async (context) => {
  const { operands } = options(context.args);
  if (operands.length === 0 || operands.includes('-')) {
    await context.stdout.write(await context.stdin.readAll());
    if (operands.length === 0) return 0;
  }
  return eachPath(
    context,
    operands.filter((o) => o !== '-'),
    async (path) => {
      const { file } = context.phone.files.read(path);
      for await (const chunk of createReadStream(file)) await context.stdout.write(chunk as Buffer);
    },
  );
};

/** `mkdir [-p] dirs…` */
export const mkdir: ShellCommand = async (context) => {
  const { flags, operands } = options(context.args);
  return eachPath(context, operands, (path) => context.phone.files.mkdir(path, flags.has('p')));
};

/** `rm [-r] [-f] paths…` */
export const rm: ShellCommand = async (context) => {
  const { flags, operands } = options(context.args);
  const { files } = context.phone;
  const recursive = flags.has('r') || flags.has('R');
  const force = flags.has('f');
  return eachPath(context, operands, (path) => {
    if (force && !files.exists(path)) return;
    files.remove(path, recursive);
  });
};

/** `mv from… to` */
export const mv: ShellCommand = async (context) => {
  const { operands } = options(context.args);
  const to = operands.pop();
  if (to === undefined || operands.length === 0) return fail(context, 'mv: Needs 2 arguments');
  const target = context.phone.files.resolve(to, context.shell.cwd);
  return eachPath(context, operands, (path) => context.phone.files.move(path, target));
};

/** `cp from… to`: the copy shares the original's bytes in the host's cache. */
export const cp: ShellCommand = async (context) => {
  const { operands } = options(context.args);
  const to = operands.pop();
  if (to === undefined || operands.length === 0) return fail(context, 'cp: Needs 2 arguments');
  const { files } = context.phone;
  const target = files.resolve(to, context.shell.cwd);
  return eachPath(context, operands, async (path) => {
    const { file } = files.read(path);
    const into = files.exists(target) && files.stat(target).kind === 'dir';
    await files.write(into ? posix.join(target, posix.basename(path)) : target, createReadStream(file));
  });
};
