import { PackageParseError } from '@cloudphone/apk';
import type { ByteReader } from '../../../../../adb/byte-reader';
import { FileProblem } from '../../file-problem';
import { findPackage, packagePath, phonePackages } from '../../system-apps';
import { fail, printLines, type CommandContext, type ShellCommand } from '../shell-command';

/** `pm install` options that take a value; the others are flags, all accepted and none needed here. */
const INSTALL_VALUE_OPTIONS = new Set([
  '-i',
  '-p',
  '-S',
  '--user',
  '--install-location',
  '--abi',
  '--pkg',
  '--referrer',
]);

/** `pm list packages | path | install | uninstall | clear` — `cmd package` is the same. */
export const pm: ShellCommand = async (context) => {
  const [verb, ...args] = context.args;
  const run = VERBS[verb ?? ''];
  if (!run) return fail(context, `Error: unknown command '${verb ?? ''}'`);
  return run({ ...context, args });
};

const VERBS: Record<string, ShellCommand> = {
  list: async (context) => {
    const [what, ...rest] = context.args;
    if (what !== 'packages') return fail(context, `Error: unknown list type '${what ?? ''}'`);
    const flags = rest.filter((a) => a.startsWith('-'));
    const filter = rest.find((a) => !a.startsWith('-')) ?? '';
    const shown = phonePackages(context.phone.state)
      .filter((p) => (flags.includes('-3') ? !p.system : flags.includes('-s') ? p.system : true))
      .filter((p) => p.packageName.includes(filter));
    const line = (p: (typeof shown)[number]) =>
      flags.includes('-f') ? `package:${packagePath(p)}=${p.packageName}` : `package:${p.packageName}`;
    await printLines(context.stdout, shown.map(line));
    return 0;
  },

  path: async (context) => {
    const found = findPackage(context.phone.state, context.args.at(-1) ?? '');
    if (!found) return 1;
    await printLines(context.stdout, [`package:${packagePath(found)}`]);
    return 0;
  },

  install: install,

  uninstall: async (context) => {
    const packageName = context.args.filter((a) => !a.startsWith('-')).at(-1) ?? '';
    // Android's own answer for a package that is not installed (or a system one, which stays).
    if (!context.phone.uninstall(packageName)) return fail(context, 'Failure [DELETE_FAILED_INTERNAL_ERROR]');
    await printLines(context.stdout, ['Success']);
    return 0;
  },

  clear: async (context) => {
    if (!findPackage(context.phone.state, context.args.at(-1) ?? '')) return fail(context, 'Failed');
    await printLines(context.stdout, ['Success']);
    return 0;
  },
};

/**
 * `pm install [options] path` installs a package on the phone (adb's push path: the APK pushed to
 * /data/local/tmp first); `pm install -S size` reads the package from stdin (adb's streamed path,
 * `exec:cmd package install -S`). Either way the host's own install puts the app on the launcher.
 */
async function install(context: CommandContext): Promise<number> {
  const { phone } = context;
  let size: number | undefined;
  let path: string | undefined;
  for (let i = 0; i < context.args.length; i++) {
    const arg = context.args[i]!;
    if (arg === '-S') size = Number(context.args[i + 1]);
    if (INSTALL_VALUE_OPTIONS.has(arg)) i++;
    else if (!arg.startsWith('-')) path = arg;
  }
  if (path === undefined && size === undefined) return fail(context, 'Error: no package specified');
  // The phone is held while the package comes and lands (issue 53): a template or a reset waits.
  const hold = await phone.holdForWrite();
  if (typeof hold === 'string') return fail(context, `Failure [INSTALL_FAILED_ABORTED: ${hold}]`);
  try {
    return await installHeld(context, path, size, () => hold.touch());
  } finally {
    await hold.release();
  }
}

async function installHeld(
  context: CommandContext,
  path: string | undefined,
  size: number | undefined,
  flowing: () => void,
): Promise<number> {
  const { phone } = context;
  let file: { file: string; size: number };
  try {
    file =
      path !== undefined
        ? phone.files.read(phone.files.resolve(path, context.shell.cwd))
        : await streamed(context, size!, flowing);
  } catch (error) {
    if (!(error instanceof FileProblem)) throw error;
    return fail(
      context,
      `Error: Unable to open file: ${path ?? 'stdin'}\nConsider using a file under /data/local/tmp/`,
    );
  }
  try {
    await phone.install(file.file, file.size);
  } catch (error) {
    if (!(error instanceof PackageParseError)) throw error;
    return fail(context, 'Failure [INSTALL_PARSE_FAILED_NOT_APK: Failed to parse the package]');
  }
  await printLines(context.stdout, ['Success']);
  return 0;
}

/** A package of `size` bytes read from stdin into the host's blob cache. */
async function streamed(
  context: CommandContext,
  size: number,
  flowing: () => void,
): Promise<{ file: string; size: number }> {
  if (!Number.isSafeInteger(size) || size < 0) throw new FileProblem('EINVAL');
  const kept = await context.phone.files.keep(exactly(context.stdin, size, flowing));
  if (kept.size !== size) throw new FileProblem('EIO');
  return kept;
}

/** The next `size` bytes of `input`, as they come. */
async function* exactly(input: ByteReader, size: number, flowing: () => void): AsyncGenerator<Buffer> {
  for (let left = size; left > 0;) {
    const chunk = await input.readUpTo(left);
    if (!chunk) return;
    left -= chunk.length;
    flowing();
    yield chunk;
  }
}
