import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { SmsScene, type SmsOutboxEntry } from '@cloudphone/contracts/auth';
import { maskMobile } from '@cloudphone/contracts/validation';
import type { SmsOutbox, SmsProvider } from './sms-provider';

const KEEP = 500;

/**
 * The line that gives a code (DESIGN §3: `SMS to <masked>: <code>`), framed so it stands out among the
 * server's other log lines: with this provider it is the only way a person sees the code.
 */
export function smsCodeLine({ mobile, code, scene }: { mobile: string; code: string; scene: number }): string {
  const purpose = Object.entries(SmsScene).find(([, value]) => value === scene)?.[0] ?? `scene ${scene}`;
  return `━━━━━ SMS to ${maskMobile(mobile)}: ${code} ━━━━━ (${purpose}; console SMS provider: nothing was sent)`;
}

/**
 * The default provider: logs each code (`smsCodeLine`; give it a warn-level log) and keeps an outbox.
 * With a file, the outbox is JSON lines in the data folder, so the admin CLI (another process) can
 * show it too.
 */
export class ConsoleSmsProvider implements SmsProvider, SmsOutbox {
  readonly name = 'console';
  private readonly sent: SmsOutboxEntry[] = [];

  constructor(
    private readonly log: (line: string) => void,
    private readonly now: () => number,
    private readonly file?: string,
  ) {}

  async send({ mobile, code, scene }: { mobile: string; code: string; scene: number }): Promise<void> {
    this.log(smsCodeLine({ mobile, code, scene }));
    const entry = { mobile, code, scene, sendTime: this.now() };
    if (this.file) appendFileSync(this.file, `${JSON.stringify(entry)}\n`);
    else {
      this.sent.unshift(entry);
      this.sent.length = Math.min(this.sent.length, KEEP);
    }
  }

  /** The messages sent to a number, newest first. */
  outbox(mobile: string): SmsOutboxEntry[] {
    const all = this.file ? readOutboxFile(this.file) : this.sent;
    return all.filter((m) => m.mobile === mobile).slice(0, KEEP);
  }
}

function readOutboxFile(file: string): SmsOutboxEntry[] {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
  return lines.map((line) => JSON.parse(line) as SmsOutboxEntry).reverse();
}

export function isOutbox(provider: SmsProvider): provider is SmsProvider & SmsOutbox {
  return 'outbox' in provider;
}
