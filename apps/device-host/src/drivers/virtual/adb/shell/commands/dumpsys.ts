import type { EmulatedPhone } from '../../emulated-phone';
import { componentName, topPackage } from '../../system-apps';
import { fail, printLines, type ShellCommand } from '../shell-command';

/** What each `dumpsys` service tells; only the lines scripts read (grep) of the real ones. */
const SERVICES: Record<string, (phone: EmulatedPhone) => string[]> = {
  // A cloud phone is always on power, full.
  battery: () => [
    'Current Battery Service state:',
    '  AC powered: true',
    '  USB powered: false',
    '  Wireless powered: false',
    '  Max charging current: 0',
    '  Max charging voltage: 0',
    '  Charge counter: 0',
    '  status: 5',
    '  health: 2',
    '  present: true',
    '  level: 100',
    '  scale: 100',
    '  voltage: 4350',
    '  temperature: 250',
    '  technology: Li-ion',
  ],
  window: (phone) => {
    const top = componentName(topPackage(phone.state));
    const { width, height, dpi } = phone.state.display;
    return [
      'WINDOW MANAGER WINDOWS (dumpsys window windows)',
      `  mCurrentFocus=Window{1 u0 ${top}}`,
      `  mFocusedApp=ActivityRecord{1 u0 ${top} t1}`,
      `  init=${width}x${height} ${dpi}dpi cur=${width}x${height} app=${width}x${height}`,
    ];
  },
  activity: (phone) => {
    const top = componentName(topPackage(phone.state));
    return [
      'ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)',
      `  mResumedActivity: ActivityRecord{1 u0 ${top} t1}`,
    ];
  },
  // Whether the soft keyboard is up: what a handset's driver reads to raise the viewer's (issue 60).
  input_method: (phone) => ['Input method service state:', `  mInputShown=${phone.phone.textFieldFocused()}`],
  iphonesubinfo: (phone) => ['Phone Subscriber Info:', `  Device ID=${phone.state.identity.imei}`],
};

/** `dumpsys battery | window | activity | input_method | iphonesubinfo` */
export const dumpsys: ShellCommand = async (context) => {
  const [service] = context.args;
  if (service === undefined || service === '-l') {
    await printLines(context.stdout, ['Currently running services:', ...Object.keys(SERVICES).map((s) => `  ${s}`)]);
    return 0;
  }
  const describe = SERVICES[service];
  if (!describe) return fail(context, `Can't find service: ${service}`);
  await printLines(context.stdout, describe(context.phone));
  return 0;
};
