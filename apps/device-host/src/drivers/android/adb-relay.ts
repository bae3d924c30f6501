import { createWriteStream, type WriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { AdbSocket } from '@yume-chan/adb';
import type { AdbOperation } from '@cloudphone/contracts/adb';
import { AdbGate } from '../../adb/adb-gate';
import { asksOfLine, wordsOfLine } from '../../adb/command-asks';
import { ADB_FEATURES, ADB_NO_ROOT, type AdbBanner, type AdbCaller, type AdbDriver } from '../../adb/driver';
import { serviceStream, type ServiceIo } from '../../adb/service-stream';
import { shellPacket, ShellPacket } from '../../adb/shell-protocol';
import type { HostServices } from '../phone-driver';
import type { AndroidDevice } from './android-device';
import { relaySync } from './sync-relay';

/** The size of a package `adb install` streams (`cmd package install -S <size>`, or pm's), or 0. */
function streamedInstallSize(line: string): number {
  const words = wordsOfLine(line) ?? [];
  const pm = words[0] === 'cmd' && words[1] === 'package' ? words.slice(2) : words[0] === 'pm' ? words.slice(1) : [];
  const size = pm[0] === 'install' ? Number(pm[pm.indexOf('-S') + 1]) : 0;
  return pm.includes('-S') && size > 0 ? size : 0;
}

/**
 * A device's own adbd behind our front door (issue 61): the door keeps the keys, the policy and the
 * bounds; each service a client opens meets the access table and the locks — a command line by what
 * its commands ask (`asksOfLine`, the table our emulated shell runs by), sync by each request — and
 * is then opened on the device and relayed byte for byte. A reboot is the control plane's power
 * decision, as the SDK's is; root, port forwarding and `tcpip:` are never opened, so the device's
 * adbd is reached only as the table knows.
 */
export class AdbRelay implements AdbDriver {
  constructor(
    private readonly device: AndroidDevice,
    private readonly host: HostServices,
    private readonly instanceNo: string,
  ) {}

  banner(): AdbBanner {
    const prop = (name: string) => (this.device.properties.get(name) ?? '').replace(/[;:=,]/g, '_');
    return {
      product: prop('ro.product.name'),
      model: prop('ro.product.model'),
      device: prop('ro.product.device'),
      features: ADB_FEATURES,
    };
  }

  online(): boolean {
    return this.device.online && !this.device.restarting;
  }

  async open(service: string, caller: AdbCaller): Promise<Duplex | null> {
    const gate = new AdbGate(this.host, this.instanceNo, caller);
    if (service.startsWith('reboot:')) return this.reboot(gate);
    if (service === 'root:' || service === 'unroot:') return serviceStream((io) => io.write(ADB_NO_ROOT));
    if (service === 'sync:') {
      if (gate.refusalOf('read')) return null;
      const socket = await this.socket(service);
      return serviceStream(async (io) => {
        if (await relaySync(io, socket, gate)) await this.device.storageChanged();
      });
    }
    const command = /^(?:shell(?:,[^:]*)?|exec):(.*)$/s.exec(service)?.[1];
    return command === undefined ? null : this.command(service, command, gate);
  }

  /** A shell or exec command line: checked by what it asks, held while it writes, then relayed. */
  private async command(service: string, line: string, gate: AdbGate): Promise<Duplex | null> {
    const asks = asksOfLine(line);
    if (asks.length === 1 && asks[0] === 'reboot') return this.reboot(gate);
    const refused = refusalOf(gate, asks);
    if (refused) return refusedLine(service, line, refused);
    const writes = asks.includes('write');
    const hold = writes ? await gate.holdForWrite() : undefined;
    if (typeof hold === 'string') return refusedLine(service, line, hold);
    const socket = await this.socket(service).catch(async (error: unknown) => {
      await hold?.release();
      throw error;
    });
    const size = service.startsWith('exec:') ? streamedInstallSize(line) : 0;
    const install = size > 0 ? new PackageCopy(size) : undefined;
    return serviceStream(async (io) => {
      let output = '';
      try {
        await relay(io, socket, {
          input: (chunk) => {
            hold?.touch();
            install?.write(chunk);
          },
          output: (chunk) => install && (output += chunk.toString('latin1')),
        });
      } finally {
        await hold?.release();
      }
      if (!writes) return;
      if (install && /Success/.test(output)) await install.keep(this.device);
      await install?.discard();
      await this.device.storageChanged();
    });
  }

  /** `adb reboot`: decided by the control plane, which restarts the phone through its driver. */
  private async reboot(gate: AdbGate): Promise<Duplex | null> {
    if (gate.refusalOf('reboot') || (await gate.reboot())) return null;
    return serviceStream(async () => undefined);
  }

  private socket(service: string): Promise<AdbSocket> {
    const adb = this.device.adb;
    if (!adb || !this.online()) return Promise.reject(new Error('the device is not connected'));
    return adb.createSocket(service);
  }
}

/** The first refusal of what a line asks, or null. */
function refusalOf(gate: AdbGate, asks: readonly AdbOperation[]): string | null {
  for (const operation of asks) {
    const refused = gate.refusalOf(operation);
    if (refused) return refused;
  }
  return null;
}

/**
 * A command line the phone refused, said as our emulated shell says it: `name: why` on stderr and
 * exit code 1 (framed for shell_v2). An interactive shell is not opened at all (`error: closed`).
 */
function refusedLine(service: string, line: string, why: string): Duplex | null {
  if (line.trim() === '') return null;
  const name = line.trim().split(/\s+/)[0]!;
  const text = Buffer.from(`${name}: ${why}\n`);
  const framed = service.slice(0, service.indexOf(':')).split(',').includes('v2');
  return serviceStream(async (io) => {
    if (!framed) return io.write(text);
    await io.write(shellPacket(ShellPacket.stderr, text));
    await io.write(shellPacket(ShellPacket.exit, Buffer.from([1])));
  });
}

/**
 * Carries a service both ways: what the client writes goes to the device (seen first by `input`),
 * what the device answers goes to the client (seen by `output`). Either side's end ends it.
 */
async function relay(
  io: ServiceIo,
  socket: AdbSocket,
  see: { input(chunk: Buffer): void; output(chunk: Buffer): void },
): Promise<void> {
  const writer = socket.writable.getWriter();
  const reader = socket.readable.getReader();
  void (async () => {
    for (let chunk = await io.input.readSome(); chunk; chunk = await io.input.readSome()) {
      see.input(chunk);
      await writer.write(chunk);
    }
  })()
    .catch(() => undefined)
    // The client closed the stream: so is the device's side, not waiting for it to answer the CLSE.
    .finally(() => {
      void socket.close();
      void reader.cancel().catch(() => undefined);
    });
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = Buffer.from(read.value);
    see.output(chunk);
    await io.write(chunk);
  }
}

/**
 * The host's copy of a package an adb client installs (`adb install`): its bytes as they pass to the
 * device, so the faces show its label, version and icon, as for a package installed from Files.
 */
class PackageCopy {
  private readonly path = join(tmpdir(), `cloudphone-adb-install-${randomBytes(6).toString('hex')}.apk`);
  private readonly file: WriteStream;
  private written = 0;

  constructor(private readonly size: number) {
    this.file = createWriteStream(this.path);
    this.file.on('error', () => undefined);
  }

  write(chunk: Buffer): void {
    const room = this.size - this.written;
    if (room <= 0) return;
    this.file.write(chunk.subarray(0, room));
    this.written += Math.min(room, chunk.length);
  }

  async keep(device: AndroidDevice): Promise<void> {
    await new Promise((resolve) => this.file.end(resolve));
    try {
      device.storage.installedFrom(this.path, this.size);
    } catch {
      // Not a package we can read: it shows by its name, as the device lists it.
    }
  }

  async discard(): Promise<void> {
    this.file.destroy();
    await unlink(this.path).catch(() => undefined);
  }
}
