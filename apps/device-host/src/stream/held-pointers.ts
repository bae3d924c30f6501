import { POINTER_IDLE_RELEASE_MS, type ClientMessage } from '@cloudphone/contracts/stream';

export type TouchMessage = Extract<ClientMessage, { type: 'touch' }>;

/**
 * The pointers one viewer holds down on a phone (issue 50): each is released — an `up` where it last
 * was — when the viewer's stream closes, or after POINTER_IDLE_RELEASE_MS without a move, so a viewer
 * that vanished mid-gesture leaves no finger on the phone.
 */
export class HeldPointers {
  private readonly held = new Map<number, { touch: TouchMessage; idle: NodeJS.Timeout }>();

  constructor(
    private readonly release: (up: TouchMessage) => void,
    private readonly idleMs = POINTER_IDLE_RELEASE_MS,
  ) {}

  /** A touch the phone took: a pointer held, moved on, or let go. */
  took(touch: TouchMessage): void {
    clearTimeout(this.held.get(touch.id)?.idle);
    if (touch.action === 'up') return void this.held.delete(touch.id);
    const idle = setTimeout(() => this.releaseOne(touch.id), this.idleMs).unref();
    this.held.set(touch.id, { touch, idle });
  }

  /** Lets go of every pointer still down (the stream closed). */
  releaseAll(): void {
    for (const id of [...this.held.keys()]) this.releaseOne(id);
  }

  private releaseOne(id: number): void {
    const pointer = this.held.get(id);
    if (!pointer) return;
    clearTimeout(pointer.idle);
    this.held.delete(id);
    this.release({ ...pointer.touch, action: 'up' });
  }
}
