import { randomInt } from 'node:crypto';
import { SMS_CODE } from '@cloudphone/contracts/limits';
import { AppError } from '../http/app-error';
import type { SmsProvider } from '../providers/sms/sms-provider';
import type { Repositories } from '../repositories/index';
import { sha256 } from '../security/signed-token';
import type { Clock } from './clock';

const DAY_MS = 86_400_000;
/** Daily caps that keep a number or an address from being used to spam (config keys later if merchants ask). */
const PER_MOBILE_PER_DAY = 10;
const PER_IP_PER_DAY = 50;
const MAX_WRONG_ATTEMPTS = 5;

/** Verification codes (spec §5): 6 digits, valid 10 minutes, single use, resend after 60 s. */
export class SmsCodeService {
  constructor(
    private readonly repos: Repositories,
    private readonly sms: SmsProvider,
    private readonly clock: Clock,
    private readonly pepper: string,
  ) {}

  async send(tenantId: number, mobile: string, scene: number, ip: string): Promise<void> {
    const now = this.clock.now();
    const last = await this.repos.smsCodes.lastSentAt(tenantId, mobile, scene);
    if (last !== undefined && now - last < SMS_CODE.resendSeconds * 1000) throw new AppError('tooFrequent');
    const [byMobile, byIp] = await Promise.all([
      this.repos.smsCodes.countSince({ tenantId, mobile }, now - DAY_MS),
      this.repos.smsCodes.countSince({ tenantId, ip }, now - DAY_MS),
    ]);
    if (byMobile >= PER_MOBILE_PER_DAY || byIp >= PER_IP_PER_DAY) throw new AppError('tooFrequent');

    const code = String(randomInt(0, 10 ** SMS_CODE.issuedDigits)).padStart(SMS_CODE.issuedDigits, '0');
    await this.repos.smsCodes.insert({
      tenantId,
      mobile,
      scene,
      codeHash: this.hash(tenantId, mobile, code),
      ip,
      createdAt: now,
      expiresAt: now + SMS_CODE.validMinutes * 60_000,
    });
    try {
      await this.sms.send({ mobile, code, scene });
    } catch {
      throw new AppError('smsSendFailed');
    }
  }

  /** Checks and uses up the latest code sent to the number for the scene; a wrong or expired code is refused. */
  async consume(tenantId: number, mobile: string, scene: number, code: string): Promise<void> {
    const now = this.clock.now();
    const latest = await this.repos.smsCodes.latestUnused(tenantId, mobile, scene);
    if (!latest || latest.attempts >= MAX_WRONG_ATTEMPTS) throw new AppError('smsCodeError');
    if (latest.codeHash !== this.hash(tenantId, mobile, code)) {
      await this.repos.smsCodes.recordWrongAttempt(latest.id);
      throw new AppError('smsCodeError');
    }
    if (latest.expiresAt <= now) throw new AppError('smsCodeExpired');
    if (!(await this.repos.smsCodes.consume(latest.id, now))) throw new AppError('smsCodeError');
  }

  private hash(tenantId: number, mobile: string, code: string): string {
    return sha256(`${this.pepper}:${tenantId}:${mobile}:${code}`);
  }
}
