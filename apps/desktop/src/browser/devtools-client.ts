import type { CdpConnection, CdpMessage } from './cdp';

/**
 * A second DevTools client on the shell's own pipe, in a browser session of its own: the browser
 * has no port for a second program to connect to. Its commands go out in that session and the
 * events of its sessions come back to it alone, so what it attaches and enables never reaches the
 * shell, nor the shell's to it. The e2e suite drives the desktop UI with Playwright through one
 * (the shape is Playwright's `ConnectOverCDPTransport`).
 */
export class DevToolsClient {
  onmessage?: (message: object) => void;
  onclose?: (reason?: string) => void;
  /** Its browser session and every session attached through it. */
  private readonly sessions = new Set<string>();
  private readonly stopDiverting: () => void;
  private readonly stopHearingClose: () => void;
  private closed = false;

  private constructor(
    private readonly cdp: CdpConnection,
    private readonly browserSession: string,
  ) {
    this.sessions.add(browserSession);
    this.stopDiverting = cdp.divert((event) => this.take(event));
    this.stopHearingClose = cdp.on('closed', () => this.end('the browser closed'));
  }

  static async attach(cdp: CdpConnection): Promise<DevToolsClient> {
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToBrowserTarget');
    return new DevToolsClient(cdp, sessionId);
  }

  send(message: object): void {
    const { id, method = '', params = {}, sessionId } = message as CdpMessage;
    this.cdp.request(method, params, sessionId ?? this.browserSession, (reply) => {
      // No reply: the browser has gone, and `onclose` says so.
      if (!reply) return;
      const { result = {}, error } = reply;
      this.deliver({ id, ...(error ? { error } : { result }), ...(sessionId ? { sessionId } : {}) });
    });
  }

  close(): void {
    if (this.closed) return;
    this.cdp.send('Target.detachFromTarget', { sessionId: this.browserSession }).catch(() => undefined);
    this.end();
  }

  private take(event: CdpMessage): boolean {
    if (!event.sessionId || !this.sessions.has(event.sessionId)) return false;
    const attached = String(event.params?.sessionId ?? '');
    if (event.method === 'Target.attachedToTarget') this.sessions.add(attached);
    if (event.method === 'Target.detachedFromTarget') this.sessions.delete(attached);
    // Its browser session is its root: events there reach it as a browser's own events do.
    const { sessionId, ...root } = event;
    this.deliver(sessionId === this.browserSession ? root : event);
    return true;
  }

  /** One message a task, as Playwright's own transports hand them over: its awaits settle in between. */
  private deliver(message: object): void {
    setImmediate(() => this.onmessage?.(message));
  }

  private end(reason?: string): void {
    if (this.closed) return;
    this.closed = true;
    this.stopDiverting();
    this.stopHearingClose();
    setImmediate(() => this.onclose?.(reason));
  }
}
