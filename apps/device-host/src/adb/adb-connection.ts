import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import {
  ADB_MAX_DATA,
  ADB_MAX_DATA_BEFORE_CONNECT,
  ADB_VERSION,
  AdbAuthType,
  AdbCommand,
  AdbMessageReader,
  encodeMessage,
  needsChecksum,
  type AdbMessage,
} from './adb-message';
import { signedBy, type AdbKey } from './adb-public-key';
import { AdbStream } from './adb-stream';
import { bannerText, type AdbCaller, type AdbDriver } from './driver';

/** adbd's token: 20 random bytes the client signs. */
const TOKEN_BYTES = 20;
/** Signatures one connection may try before it is closed (a client has a few keys, not hundreds). */
const MAX_SIGNATURES = 16;

type State =
  /** Nothing heard yet: everything but CNXN is ignored (protocol.txt). */
  | 'waiting'
  /** A token sent, its signature awaited. */
  | 'authenticating'
  /** The client ran out of keys and sent its public key: `adb devices` says unauthorized. */
  | 'unauthorized'
  | 'online';

/** What a connection needs of its endpoint. */
export interface ConnectionDeps {
  /** The phone's driver now (the phone may have gone since the endpoint opened). */
  driver(): AdbDriver | undefined;
  /** The keys the endpoint takes now. */
  keys(): readonly AdbKey[];
  caller(): AdbCaller;
  /** How long the client may stay without signing in: a stranger cannot hold sockets open (AdbDoor). */
  signInMs: number;
  /**
   * A daemon without `ro.adb.secure` (a redroid container's default, and the scrcpy double of the
   * tests): it answers CNXN with its banner at once, no key asked. Never a phone's endpoint.
   */
  insecure?: boolean;
}

/**
 * One TCP connection from an adb client to a phone's endpoint (adb/protocol.txt): CNXN, then AUTH —
 * a random token the client must sign with a key on the endpoint's list, and no other key is ever
 * taken — then the device's CNXN banner, and the streams the client opens on it.
 */
export class AdbConnection {
  private state: State = 'waiting';
  private token = Buffer.alloc(0);
  private signatures = 0;
  private version = ADB_VERSION;
  private maxData = ADB_MAX_DATA_BEFORE_CONNECT;
  private readonly reader = new AdbMessageReader(ADB_MAX_DATA);
  private readonly streams = new Map<number, AdbStream>();
  private nextLocalId = 1;
  private signInDeadline: NodeJS.Timeout | undefined;
  /** The key the client signed in with, while online. */
  signedInWith: string | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly deps: ConnectionDeps,
  ) {
    socket.setNoDelay(true);
    this.awaitSignIn();
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('close', () => {
      clearTimeout(this.signInDeadline);
      this.closeStreams();
    });
    socket.on('error', () => socket.destroy());
  }

  /** Closes the connection at once: its streams end with it. */
  close(): void {
    this.socket.destroy();
    this.closeStreams();
  }

  /** The endpoint's keys changed: a client waiting unauthorized is asked again, and may now sign in. */
  keysChanged(): void {
    if (this.state === 'unauthorized') this.askToSign();
  }

  private receive(chunk: Buffer): void {
    let messages: AdbMessage[];
    try {
      messages = this.reader.push(chunk);
    } catch {
      return this.close();
    }
    for (const message of messages) this.handle(message);
  }

  private handle(message: AdbMessage): void {
    switch (message.command) {
      case AdbCommand.CNXN:
        return this.connect(message);
      case AdbCommand.AUTH:
        return this.authenticate(message);
    }
    if (this.state !== 'online') return;
    switch (message.command) {
      case AdbCommand.OPEN:
        return void this.open(message.arg0, serviceName(message.data));
      case AdbCommand.OKAY:
        return this.streams.get(message.arg1)?.ready();
      case AdbCommand.WRTE:
        return this.streams.get(message.arg1)?.input(message.data);
      case AdbCommand.CLSE:
        return this.streams.get(message.arg1)?.close(false);
    }
  }

  /** Closes the connection unless the client has signed in within the deadline from now. */
  private awaitSignIn(): void {
    clearTimeout(this.signInDeadline);
    this.signInDeadline = setTimeout(() => this.state !== 'online' && this.close(), this.deps.signInMs).unref();
  }

  /** The client's CNXN (again, after a reconnect on its side: the session starts over). */
  private connect(message: AdbMessage): void {
    this.closeStreams();
    if (this.signedInWith !== undefined) this.awaitSignIn();
    this.signedInWith = undefined;
    if (!this.deps.driver()?.online()) return this.close();
    this.version = Math.min(ADB_VERSION, message.arg0);
    this.maxData = Math.min(ADB_MAX_DATA, message.arg1);
    this.signatures = 0;
    if (this.deps.insecure) return this.goOnline('');
    this.askToSign();
  }

  private askToSign(): void {
    this.state = 'authenticating';
    this.token = randomBytes(TOKEN_BYTES);
    this.send(AdbCommand.AUTH, AdbAuthType.token, 0, this.token);
  }

  private authenticate(message: AdbMessage): void {
    if (this.state !== 'authenticating') return;
    if (message.arg0 === AdbAuthType.publicKey) {
      // A handset would ask its user now; here the account's key list decides (keysChanged asks again).
      this.state = 'unauthorized';
      return;
    }
    if (message.arg0 !== AdbAuthType.signature) return this.close();
    const key = this.deps.keys().find((k) => signedBy(k, this.token, message.data));
    if (!key) {
      if (++this.signatures >= MAX_SIGNATURES) return this.close();
      return this.askToSign();
    }
    this.goOnline(key.base64);
  }

  private goOnline(signedInWith: string): void {
    const driver = this.deps.driver();
    if (!driver?.online()) return this.close();
    this.state = 'online';
    this.signedInWith = signedInWith;
    this.send(AdbCommand.CNXN, ADB_VERSION, ADB_MAX_DATA, Buffer.from(bannerText(driver.banner())));
  }

  private async open(remoteId: number, service: string): Promise<void> {
    if (remoteId === 0) return;
    const driver = this.deps.driver();
    // A phone that went down (restarting, switched off) drops its connections, as a handset's adbd
    // does; adb reconnects on its own and hears the banner again once the phone is back.
    if (!driver?.online()) return this.close();
    const duplex = await driver.open(service, this.deps.caller()).catch(() => null);
    if (!duplex) return this.send(AdbCommand.CLSE, 0, remoteId);
    if (this.state !== 'online' || this.socket.destroyed) return void duplex.destroy();
    const localId = this.nextLocalId++;
    const stream = new AdbStream(
      localId,
      remoteId,
      duplex,
      this.maxData,
      {
        write: (local, remote, data) => this.send(AdbCommand.WRTE, local, remote, data),
        okay: (local, remote) => this.send(AdbCommand.OKAY, local, remote),
        close: (local, remote) => this.send(AdbCommand.CLSE, local, remote),
      },
      (closed) => this.streams.delete(closed.localId),
    );
    this.streams.set(localId, stream);
    stream.start();
  }

  private send(command: number, arg0: number, arg1: number, data: Buffer = Buffer.alloc(0)): void {
    if (this.socket.destroyed) return;
    this.socket.write(encodeMessage({ command, arg0, arg1, data }, needsChecksum(this.version)));
  }

  private closeStreams(): void {
    for (const stream of [...this.streams.values()]) stream.close(false);
    this.streams.clear();
  }
}

/** A service name as the client sends it: older clients end it with NULs, which are not part of it. */
function serviceName(data: Buffer): string {
  return data.toString('utf8').replace(/\0+$/, '');
}
