import { fail, printLines, type CommandContext, type ShellCommand } from '../shell-command';

/** The lines of stdin (what the command before it in a pipe printed). */
async function lines(context: CommandContext): Promise<string[]> {
  const text = (await context.stdin.readAll()).toString('utf8');
  const all = text.split('\n');
  if (all.at(-1) === '') all.pop();
  return all;
}

/** A count option as `-n 5`, `-n5` or `-5`. */
function countOption(args: string[], fallback: number): number {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-n') return Number(args[i + 1] ?? fallback);
    if (/^-n\d+$/.test(arg)) return Number(arg.slice(2));
    if (/^-\d+$/.test(arg)) return Number(arg.slice(1));
  }
  return fallback;
}

/** `grep [-i] [-v] [-c] [-q] [-E] [-F] pattern`: lines of stdin that match. */
export const grep: ShellCommand = async (context) => {
  const flags = new Set(context.args.filter((a) => /^-[a-zA-Z]+$/.test(a)).flatMap((a) => [...a.slice(1)]));
  const pattern = context.args.find((a) => !/^-[a-zA-Z]+$/.test(a));
  if (pattern === undefined) return fail(context, 'grep: Need 1 argument', 2);
  let matcher: RegExp;
  try {
    const source = flags.has('F') ? pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : pattern;
    matcher = new RegExp(flags.has('E') ? source : source.replace(/\\([|()+?{}])/g, '$1'), flags.has('i') ? 'i' : '');
  } catch {
    return fail(context, `grep: bad regex '${pattern}'`, 2);
  }
  const found = (await lines(context)).filter((line) => matcher.test(line) !== flags.has('v'));
  if (flags.has('c')) await printLines(context.stdout, [String(found.length)]);
  else if (!flags.has('q')) await printLines(context.stdout, found);
  return found.length > 0 ? 0 : 1;
};

export const head: ShellCommand = async (context) => {
  await printLines(context.stdout, (await lines(context)).slice(0, countOption(context.args, 10)));
  return 0;
};

export const tail: ShellCommand = async (context) => {
  const count = countOption(context.args, 10);
  await printLines(context.stdout, count === 0 ? [] : (await lines(context)).slice(-count));
  return 0;
};

/** `wc [-l]`: lines (and words and bytes, without -l) of stdin. */
export const wc: ShellCommand = async (context) => {
  const bytes = await context.stdin.readAll();
  const text = bytes.toString('utf8');
  const lineCount = (text.match(/\n/g) ?? []).length;
  if (context.args.includes('-l')) await printLines(context.stdout, [String(lineCount)]);
  else {
    const words = text.split(/\s+/).filter(Boolean).length;
    await printLines(context.stdout, [`${lineCount} ${words} ${bytes.length}`]);
  }
  return 0;
};
