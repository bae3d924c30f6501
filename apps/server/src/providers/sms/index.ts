import { join } from 'node:path';
import type { Config } from '../../config';
import { ConsoleSmsProvider } from './console.provider';
import type { SmsProvider } from './sms-provider';

/** The SMS provider the configuration names (`SMS_PROVIDER`); carriers' gateways join here. */
export function createSmsProvider(config: Config, log: (line: string) => void, now: () => number): SmsProvider {
  if (config.smsProvider === 'console')
    return new ConsoleSmsProvider(log, now, join(config.dataDir, 'sms-outbox.jsonl'));
  throw new Error(`unknown SMS_PROVIDER "${config.smsProvider}" (available: console)`);
}
