import type { EmulatedPhone } from '../../emulated-phone';
import { componentName, findPackage, type PhonePackage } from '../../system-apps';
import { fail, printLines, type CommandContext, type ShellCommand } from '../shell-command';

/** Intent actions that name a screen of the phone without a component. */
const ACTIONS: Record<string, string> = {
  'android.settings.SETTINGS': 'com.android.settings',
  'android.settings.DEVICE_INFO_SETTINGS': 'com.android.settings',
  'android.intent.action.MAIN': 'com.android.launcher3',
};

/**
 * `am start -n pkg/activity` opens the app on screen; `am force-stop pkg` closes it. Both are input
 * through the phone's input path (issue 53): a sync session replays them on its followers.
 */
export const am: ShellCommand = async (context) => {
  const [verb, ...args] = context.args;
  if (verb === 'start' || verb === 'start-activity') return start({ ...context, args });
  if (verb === 'force-stop') return forceStop({ ...context, args });
  return fail(context, `Error: unknown command '${verb ?? ''}'`);
};

async function start(context: CommandContext): Promise<number> {
  const option = (name: string) => {
    const at = context.args.indexOf(name);
    return at < 0 ? undefined : context.args[at + 1];
  };
  const component = option('-n');
  const action = option('-a');
  const packageName = component?.split('/')[0] ?? (action && ACTIONS[action]);
  const intent = component ? `cmp=${component}` : `act=${action ?? ''}`;
  await printLines(context.stdout, [`Starting: Intent { ${intent} }`]);
  const found = packageName ? findPackage(context.phone.state, packageName) : undefined;
  if (!found?.app) {
    if (component) return fail(context, `Error type 3\nError: Activity class {${component}} does not exist.`);
    return fail(context, 'Error: Activity not started, unable to resolve Intent');
  }
  const refused = open(context.phone, found);
  if (refused) return fail(context, `Error: ${refused}`);
  if (context.args.includes('-W'))
    await printLines(context.stdout, [
      'Status: ok',
      'LaunchState: COLD',
      `Activity: ${componentName(found)}`,
      'TotalTime: 120',
      'WaitTime: 125',
      'Complete',
    ]);
  return 0;
}

async function forceStop(context: CommandContext): Promise<number> {
  const found = findPackage(context.phone.state, context.args.at(-1) ?? '');
  if (!found?.app || found.app === 'launcher') return 0;
  const refused = context.phone.input({ type: 'app', action: 'stop', packageName: found.packageName });
  return refused ? fail(context, `Error: ${refused}`) : 0;
}

/** `monkey -p pkg 1`: the launcher's way to start an app, which many scripts use. */
export const monkey: ShellCommand = async (context) => {
  const at = context.args.indexOf('-p');
  const found = at < 0 ? undefined : findPackage(context.phone.state, context.args[at + 1] ?? '');
  if (!found?.app) return fail(context, '** No activities found to run, monkey aborted.', 252);
  const refused = open(context.phone, found);
  if (refused) return fail(context, `** monkey aborted: ${refused}`, 252);
  await printLines(context.stdout, ['  bash arg: -p', `  bash arg: ${found.packageName}`, 'Events injected: 1']);
  return 0;
};

/** Opens a package's screen, as the launcher would: input, refused as touch is on a locked phone. */
function open(phone: EmulatedPhone, found: PhonePackage): string | null {
  return phone.input({ type: 'app', action: 'start', packageName: found.packageName });
}
