import type { PhoneState } from '../../../phone-state';
import { fail, printLines, type CommandContext, type ShellCommand } from '../shell-command';

const NAMESPACES = ['system', 'secure', 'global'] as const;

/** What a phone's settings are until a script puts its own: a cloud phone is always on, on power and Wi-Fi. */
const DEFAULTS: Record<string, string> = {
  'global/adb_enabled': '1',
  'global/airplane_mode_on': '0',
  'global/auto_time': '1',
  'global/development_settings_enabled': '1',
  'global/stay_on_while_plugged_in': '7',
  'global/wifi_on': '1',
  'secure/location_mode': '0',
  'system/accelerometer_rotation': '0',
  'system/font_scale': '1.0',
  'system/screen_brightness': '128',
  'system/screen_off_timeout': '2147483647',
};

/** Settings that are the phone's identity or its owner's operations, not a script's to change. */
function fixed(state: PhoneState): Record<string, string> {
  return {
    'secure/android_id': state.identity.androidId,
    'global/device_name': state.identity.name,
    'system/system_locales': state.language,
  };
}

function all(state: PhoneState): Record<string, string> {
  return { ...DEFAULTS, ...state.settings, ...fixed(state) };
}

/** `settings get|put|delete|list namespace [key [value]]` */
export const settings: ShellCommand = async (context) => {
  const [verb, namespace, key, ...rest] = context.args;
  if (!NAMESPACES.includes(namespace as (typeof NAMESPACES)[number]))
    return fail(context, 'Invalid namespace: use one of system, secure, global', 255);
  const { phone } = context;
  const values = all(phone.state);
  if (verb === 'list') {
    const prefix = `${namespace}/`;
    const names = Object.keys(values).filter((n) => n.startsWith(prefix));
    await printLines(
      context.stdout,
      names.sort().map((n) => `${n.slice(prefix.length)}=${values[n]}`),
    );
    return 0;
  }
  if (key === undefined) return fail(context, `settings: ${verb ?? 'a command'} needs a key`, 255);
  const name = `${namespace}/${key}`;
  if (verb === 'get') {
    await printLines(context.stdout, [values[name] ?? 'null']);
    return 0;
  }
  if (verb === 'put' || verb === 'delete') return change(context, name, verb === 'put' ? rest.join(' ') : undefined);
  return fail(context, `settings: unknown command '${verb ?? ''}'`, 255);
};

async function change(context: CommandContext, name: string, value: string | undefined): Promise<number> {
  const { phone } = context;
  if (name in fixed(phone.state)) return fail(context, `settings: ${name} is read-only on a cloud phone`);
  if (value === '') return fail(context, 'settings: put needs a value', 255);
  phone.phone.update((s) => {
    const next = { ...s.settings };
    if (value === undefined) delete next[name];
    else next[name] = value;
    s.settings = next;
  });
  return 0;
}
