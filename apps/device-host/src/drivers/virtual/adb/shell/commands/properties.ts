import { fail, printLines, type ShellCommand } from '../shell-command';

/** `getprop` lists every property; `getprop name [default]` prints one. */
export const getprop: ShellCommand = async ({ args, stdout, phone }) => {
  const properties = phone.properties();
  const [name, fallback = ''] = args;
  if (name === undefined) {
    const names = Object.keys(properties).sort();
    await printLines(
      stdout,
      names.map((n) => `[${n}]: [${properties[n]}]`),
    );
    return 0;
  }
  await printLines(stdout, [properties[name] ?? fallback]);
  return 0;
};

/** `setprop name value`: `ro.*` are read-only, as on a handset (its own words). */
export const setprop: ShellCommand = async (context) => {
  const [name, value] = context.args;
  if (name === undefined || value === undefined || context.args.length !== 2)
    return fail(context, 'setprop: Need 2 arguments');
  if (!context.phone.setProperty(name, value))
    return fail(context, `Failed to set property '${name}' to '${value}'.\nSee dmesg for error reason.`);
  return 0;
};
