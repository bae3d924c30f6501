import type { Duplex } from 'node:stream';
import { ByteReader } from '../../../../adb/byte-reader';
import { serviceStream, type ServiceIo } from '../../../../adb/service-stream';
import type { ShellOutput } from './shell-command';
import { readClientPackets, ShellPacket, shellPacket } from '../../../../adb/shell-protocol';
import type { ShellSession } from './shell-session';

/** How a shell stream was asked for: `shell[,v2][,raw|,pty][,TERM=…]:command`. */
interface ShellOptions {
  /** shell_v2: stdout, stderr and the exit code framed apart. */
  protocol: boolean;
  /** A terminal: echo, line editing and a prompt, output lines ended \r\n. */
  pty: boolean;
  command: string;
}

function shellOptions(service: string): ShellOptions {
  const colon = service.indexOf(':');
  const args = service.slice(0, colon).split(',');
  const command = service.slice(colon + 1);
  const pty = args.includes('pty') || (!args.includes('raw') && command === '');
  return { protocol: args.includes('v2'), pty, command };
}

/** `shell…:command` (v1 and shell_v2, raw or with a terminal) — `shell:` alone is an interactive shell. */
export function shellService(service: string, session: ShellSession, prompt: () => string): Duplex | null {
  if (!service.includes(':')) return null;
  const options = shellOptions(service);
  return serviceStream(async (io) => {
    const stdin = options.protocol ? new ByteReader() : io.input;
    if (options.protocol) void readClientPackets(io.input, stdin);
    const stdout = output(io, options, ShellPacket.stdout);
    // A terminal has one output, as a pty does; shell_v2 without one keeps stderr apart.
    const stderr = options.protocol && !options.pty ? output(io, options, ShellPacket.stderr) : stdout;
    const streams = { stdin, stdout, stderr };
    let code: number;
    if (options.command) code = await session.run(options.command, streams);
    else if (options.pty) code = await terminal(session, streams, prompt);
    else code = await script(session, streams);
    if (options.protocol) await io.write(shellPacket(ShellPacket.exit, Buffer.from([code & 0xff])));
  });
}

/** `exec:command`: the command's bytes as they are (no terminal, no framing): `adb exec-out`, streamed installs. */
export function execService(command: string, session: ShellSession): Duplex {
  return serviceStream(async (io) => {
    const raw: ShellOutput = { write: (bytes) => io.write(bytes) };
    await session.run(command, { stdin: io.input, stdout: raw, stderr: raw });
  });
}

function output(io: ServiceIo, options: ShellOptions, id: number): ShellOutput {
  return {
    write(bytes) {
      let data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
      if (options.pty) data = Buffer.from(data.toString('utf8').replace(/\r?\n/g, '\r\n'));
      return io.write(options.protocol ? shellPacket(id, data) : data);
    },
  };
}

type Streams = Parameters<ShellSession['run']>[1];

/** A shell without a terminal and without a command: stdin is its script (`adb shell < script.sh`). */
async function script(session: ShellSession, streams: Streams): Promise<number> {
  let pending = '';
  let code = 0;
  const none = new ByteReader();
  none.end();
  for (let chunk = await streams.stdin.readSome(); ; chunk = await streams.stdin.readSome()) {
    pending += chunk?.toString('utf8') ?? '\n';
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      code = await session.run(line, { ...streams, stdin: none });
      if (session.state.exitCode !== undefined) return session.state.exitCode;
    }
    if (!chunk) return code;
  }
}

/**
 * An interactive shell in a terminal: a prompt, what is typed echoed back with backspace, Ctrl-C and
 * Ctrl-D as a terminal's line discipline has them, and each line run when Enter is pressed.
 */
async function terminal(session: ShellSession, streams: Streams, prompt: () => string): Promise<number> {
  const none = new ByteReader();
  none.end();
  let line = '';
  let escape = 0;
  let code = 0;
  await streams.stdout.write(prompt());
  for (let chunk = await streams.stdin.readSome(); chunk; chunk = await streams.stdin.readSome()) {
    for (const char of chunk.toString('utf8')) {
      // Arrow keys and the like (ESC [ x): a line editor's, which this shell has not.
      if (escape > 0 || char === '\x1b') {
        escape = char === '\x1b' ? 2 : escape - 1;
        continue;
      }
      if (char === '\r' || char === '\n') {
        await streams.stdout.write('\n');
        if (line.trim()) code = await session.run(line, { ...streams, stdin: none });
        if (session.state.exitCode !== undefined) return session.state.exitCode;
        line = '';
        await streams.stdout.write(prompt());
      } else if (char === '\x7f' || char === '\b') {
        if (line) await streams.stdout.write('\b \b');
        line = [...line].slice(0, -1).join('');
      } else if (char === '\x03') {
        line = '';
        await streams.stdout.write(`^C\n${prompt()}`);
      } else if (char === '\x04') {
        if (!line) return code;
      } else if (char >= ' ') {
        line += char;
        await streams.stdout.write(char);
      }
    }
  }
  return code;
}
