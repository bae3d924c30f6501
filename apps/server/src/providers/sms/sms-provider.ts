import type { SmsOutboxEntry } from '@cloudphone/contracts/auth';

/** Sends verification codes. Carriers' SMS gateways plug in behind this one interface. */
export interface SmsProvider {
  readonly name: string;
  send(message: { mobile: string; code: string; scene: number }): Promise<void>;
}

/** A provider that keeps what it sent, so tests and demos can read the codes (DESIGN §3). */
export interface SmsOutbox {
  outbox(mobile: string): SmsOutboxEntry[];
}
