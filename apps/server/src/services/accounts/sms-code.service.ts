import { randomInt } from 'node:crypto';
import { SMS_CODE, SMS_SENDS } from '@cloudphone/contracts/limits';
import { AppError } from '../app-error';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { RepositoriesOf } from '../../repositories/index';
import { sha256 } from '../../security/signed-token';
import { hitAll, type Throttle, type ThrottleRule } from '../../security/throttle';
import type { Clock } from '../clock';

const DAY_MS = 86_400_000;
/** One code per number and scene per countdown (spec §5), and daily caps that keep a number or an address from being used to spam. */
const RESEND: ThrottleRule = { scope: 'sms-resend', limit: 1, windowMs: SMS_CODE.resendSeconds * 1000 };
const PER_MOBILE: ThrottleRule = { scope: 'sms-mobile-day', limit: SMS_SENDS.perMobilePerDay, windowMs: DAY_MS };
const PER_ADDRESS: ThrottleRule = { scope: 'sms-address-day', limit: SMS_SENDS.perAddressPerDay, windowMs: DAY_MS };

/** Verification codes (spec §5): 6 digits, valid 10 minutes, single use, resend after 60 s. */
export class SmsCodeService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'smsCodes'>;
      sms: SmsProvider;
      clock: Clock;
      pepper: string;
      throttle: Throttle;
    },
  ) {}

  /** The send is counted before the code is made, so parallel requests cannot all pass the caps. */
  async send(tenantId: number, mobile: string, scene: number, ip: string): Promise<void> {
    const allowed = await hitAll(this.deps.throttle, [
      [RESEND, `${tenantId}:${mobile}:${scene}`],
      [PER_MOBILE, `${tenantId}:${mobile}`],
      [PER_ADDRESS, `${tenantId}:${ip}`],
    ]);
    if (!allowed) throw new AppError('tooFrequent');

    const now = this.deps.clock.now();
    const code = String(randomInt(0, 10 ** SMS_CODE.issuedDigits)).padStart(SMS_CODE.issuedDigits, '0');
    await this.deps.repos.smsCodes.insert({
      tenantId,
      mobile,
      scene,
      codeHash: this.hash(tenantId, mobile, code),
      ip,
      createdAt: now,
      expiresAt: now + SMS_CODE.validMinutes * 60_000,
    });
    try {
      await this.deps.sms.send({ mobile, code, scene });
    } catch {
      throw new AppError('smsSendFailed');
    }
  }

  /**
   * Checks and uses up the latest code sent to the number for the scene; a wrong or expired code is
   * refused. Each try is counted on the code before it is compared, so a code allows its tries and no
   * more however many arrive at once.
   */
  async consume(tenantId: number, mobile: string, scene: number, code: string): Promise<void> {
    const now = this.deps.clock.now();
    const latest = await this.deps.repos.smsCodes.latestUnused(tenantId, mobile, scene);
    if (!latest || !(await this.deps.repos.smsCodes.takeTry(latest.id, SMS_SENDS.triesPerCode)))
      throw new AppError('smsCodeError');
    if (latest.codeHash !== this.hash(tenantId, mobile, code)) throw new AppError('smsCodeError');
    if (latest.expiresAt <= now) throw new AppError('smsCodeExpired');
    if (!(await this.deps.repos.smsCodes.consume(latest.id, now))) throw new AppError('smsCodeError');
  }

  private hash(tenantId: number, mobile: string, code: string): string {
    return sha256(`${this.deps.pepper}:${tenantId}:${mobile}:${code}`);
  }
}
