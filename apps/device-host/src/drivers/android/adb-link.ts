import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import {
  Adb,
  AdbDaemonTransport,
  AdbPacket,
  AdbPacketSerializeStream,
  AdbServerClient,
  type AdbCredentialStore,
  type AdbPrivateKey,
} from '@yume-chan/adb';
import { AdbServerNodeTcpConnector } from '@yume-chan/adb-server-node-tcp';
import {
  MaybeConsumable,
  pipeFrom,
  PushReadableStream,
  StructDeserializeStream,
  tryClose,
} from '@yume-chan/stream-extra';

/** Where the machine's adb server listens (handsets on USB are reached through it). */
export interface AdbServerAddress {
  host: string;
  port: number;
}

/**
 * A device's adb, through Tango's client (`@yume-chan/adb`) and its Node TCP transport: `host:port` is
 * the device's own adbd over TCP (a redroid container, a handset in `adb tcpip` mode), spoken to
 * directly; anything else is a serial the machine's adb server knows (a handset on USB).
 */
export async function connectAdb(
  device: string,
  credentials: AdbCredentialStore,
  server: AdbServerAddress,
): Promise<Adb> {
  const address = /^(.+):(\d+)$/.exec(device);
  if (!address) return new AdbServerClient(new AdbServerNodeTcpConnector(server)).createAdb({ serial: device });
  const bytes = await openSocket(address[1]!, Number(address[2]));
  const transport = await AdbDaemonTransport.authenticate({
    serial: device,
    connection: {
      readable: bytes.readable.pipeThrough(new StructDeserializeStream(AdbPacket)),
      writable: pipeFrom(bytes.writable, new AdbPacketSerializeStream()),
    },
    credentialStore: credentials,
  });
  return new Adb(transport);
}

/**
 * A TCP connection to a device's adbd as byte streams (as the Node TCP transport makes them, with
 * its errors handled: a device that goes away ends its adb, and its phone goes offline).
 */
async function openSocket(host: string, port: number) {
  const socket = connect({ host, port });
  socket.setNoDelay(true);
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => socket.destroy());
  return {
    readable: new PushReadableStream<Uint8Array>((controller) => {
      socket.on('data', (data: Buffer) => {
        socket.pause();
        void controller.enqueue(data).then(() => socket.resume());
      });
      socket.on('close', () => tryClose(controller));
    }),
    writable: new MaybeConsumable.WritableStream<Uint8Array>({
      write: (chunk) => new Promise<void>((resolve) => socket.write(chunk, () => resolve())),
      close: () => void socket.end(),
    }),
  };
}

/**
 * The host's adb key (RSA 2048, PKCS #8), made once and kept in `file` (none: for this process only):
 * a device with `ro.adb.secure` asks its user once to allow it, as it would a computer's.
 */
export function hostAdbKey(file: string | undefined): AdbCredentialStore {
  let key: AdbPrivateKey | undefined =
    file && existsSync(file) ? { buffer: readFileSync(file), name: 'cloudphone@host' } : undefined;
  return {
    generateKey() {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 65537 });
      key = { buffer: privateKey.export({ type: 'pkcs8', format: 'der' }), name: 'cloudphone@host' };
      if (file) writeFileSync(file, key.buffer, { mode: 0o600 });
      return key;
    },
    *iterateKeys() {
      if (key) yield key;
    },
  };
}
