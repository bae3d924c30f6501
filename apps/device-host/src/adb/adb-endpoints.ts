import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { AdbConnection } from './adb-connection';
import type { AdbDoor } from './adb-door';
import { adbKeyFrom, type AdbKey } from './adb-public-key';
import type { AdbDriver } from './driver';

/** A phone's ADB endpoint as the control plane tells it (issue 35). */
export interface AdbEndpoint {
  /** One port per phone: adb's handshake names no device. 0 takes any free port (tests). */
  port: number;
  /** The owner's `adbkey.pub` lines: the only keys a client may sign in with. */
  publicKeys: string[];
  /** The owner's access key: a reboot over ADB is decided by the control plane with it, as the SDK's is. */
  accessKey?: string;
}

export interface AdbEndpointsDeps {
  listenHost: string;
  driverFor(instanceNo: string): AdbDriver | undefined;
  /** The host's caps on connections and its sign-in deadline. */
  door: AdbDoor;
}

interface OpenEndpoint {
  server: Server;
  port: number;
  keys: AdbKey[];
  accessKey: string | undefined;
  connections: Set<AdbConnection>;
}

/**
 * The ADB front door of a host (issue 35): one TCP server per phone with ADB on, taking only the keys
 * its owner added. Knows nothing of virtual phones: the services are the phone's driver's.
 */
export class AdbEndpoints {
  private readonly endpoints = new Map<string, OpenEndpoint>();
  /** Changes to one phone's endpoint run one after another: a quick off-and-on cannot interleave. */
  private readonly changes = new Map<string, Promise<void>>();

  constructor(private readonly deps: AdbEndpointsDeps) {}

  /**
   * Opens, updates or (null) closes a phone's endpoint. Keys removed → connections authenticated
   * with them close at once; null → the server and every connection close at once.
   */
  set(instanceNo: string, endpoint: AdbEndpoint | null): Promise<void> {
    const previous = this.changes.get(instanceNo) ?? Promise.resolve();
    const change = previous.catch(() => undefined).then(() => this.apply(instanceNo, endpoint));
    this.changes.set(instanceNo, change);
    const forget = () => void (this.changes.get(instanceNo) === change && this.changes.delete(instanceNo));
    change.then(forget, forget);
    return change;
  }

  /** The port a phone's endpoint listens on, or undefined when it has none. */
  port(instanceNo: string): number | undefined {
    return this.endpoints.get(instanceNo)?.port;
  }

  /** Clients connected to a phone's endpoint (signed in or not). */
  connectionCount(instanceNo: string): number {
    return this.endpoints.get(instanceNo)?.connections.size ?? 0;
  }

  /** Drops the phone's connections and keeps its endpoint: a restart ends adb's sessions, as on a handset. */
  disconnect(instanceNo: string): void {
    for (const connection of this.endpoints.get(instanceNo)?.connections ?? []) connection.close();
  }

  async close(): Promise<void> {
    await Promise.all([...this.endpoints.keys()].map((instanceNo) => this.set(instanceNo, null)));
  }

  private async apply(instanceNo: string, endpoint: AdbEndpoint | null): Promise<void> {
    const open = this.endpoints.get(instanceNo);
    if (open && (!endpoint || (endpoint.port !== 0 && endpoint.port !== open.port))) {
      this.endpoints.delete(instanceNo);
      await shut(open);
    }
    if (!endpoint) return;
    const keys = endpoint.publicKeys.flatMap((line) => adbKeyFrom(line) ?? []);
    const kept = this.endpoints.get(instanceNo);
    if (kept) return this.update(kept, keys, endpoint.accessKey);
    this.endpoints.set(instanceNo, await this.listen(instanceNo, endpoint.port, keys, endpoint.accessKey));
  }

  private update(open: OpenEndpoint, keys: AdbKey[], accessKey: string | undefined): void {
    open.keys = keys;
    open.accessKey = accessKey;
    const listed = new Set(keys.map((k) => k.base64));
    for (const connection of open.connections) {
      if (connection.signedInWith !== undefined && !listed.has(connection.signedInWith)) connection.close();
      else connection.keysChanged();
    }
  }

  private async listen(instanceNo: string, port: number, keys: AdbKey[], accessKey?: string): Promise<OpenEndpoint> {
    const server = createServer();
    const open: OpenEndpoint = { server, port, keys, accessKey, connections: new Set() };
    const { door } = this.deps;
    server.on('connection', (socket) => {
      const name = randomBytes(6).toString('hex');
      const connection = new AdbConnection(socket, {
        driver: () => this.deps.driverFor(instanceNo),
        keys: () => open.keys,
        caller: () => ({ accessKey: open.accessKey, connection: name }),
        signInMs: door.limits.signInMs,
      });
      if (!door.admit(connection, instanceNo, socket.remoteAddress ?? '')) return connection.close();
      open.connections.add(connection);
      socket.on('close', () => {
        open.connections.delete(connection);
        door.leave(connection);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.deps.listenHost, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address();
    open.port = typeof address === 'object' && address ? address.port : port;
    return open;
  }
}

async function shut(open: OpenEndpoint): Promise<void> {
  const closed = new Promise<void>((resolve) => open.server.close(() => resolve()));
  for (const connection of open.connections) connection.close();
  open.connections.clear();
  await closed;
}
