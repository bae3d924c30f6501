import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ByteReader } from '../../../../adb/byte-reader';
import type { EmulatedPhone } from '../emulated-phone';
import { FileProblem } from '../file-problem';
import { commandName, REDIRECT_ASKS } from '../../../../adb/command-asks';
import { asked, COMMANDS } from './command-table';
import {
  expandWord,
  parseCommandLine,
  ShellSyntaxError,
  type Pipeline,
  type Script,
  type SimpleCommand,
} from '../../../../adb/command-line';
import { fail, type ShellOutput, type ShellState } from './shell-command';

export interface ShellStreams {
  stdin: ByteReader;
  stdout: ShellOutput;
  stderr: ShellOutput;
}

const SH = '/system/bin/sh';
const DEV_NULL = '/dev/null';
const DISCARD: ShellOutput = { write: async () => undefined };

/**
 * One shell of the emulated phone (mksh as adb reaches it): runs command lines — pipes, `&&`, `||`,
 * `;`, redirections — over the command table; keeps its folder, `$?` and `exit` between lines.
 */
export class ShellSession {
  readonly state: ShellState = { cwd: '/' };
  private lastStatus = 0;

  constructor(
    private readonly phone: EmulatedPhone,
    private readonly environment: Record<string, string>,
  ) {}

  /** Runs a command line; its exit code (an `exit` in it ends the shell: `state.exitCode`). */
  async run(line: string, streams: ShellStreams): Promise<number> {
    let script: Script;
    try {
      script = parseCommandLine(line);
    } catch (error) {
      if (!(error instanceof ShellSyntaxError)) throw error;
      await streams.stderr.write(`${SH}: syntax error: ${error.message}\n`);
      return (this.lastStatus = 1);
    }
    for (const list of script) {
      this.lastStatus = await this.pipeline(list.first, streams);
      for (const { op, pipeline } of list.rest) {
        if (this.state.exitCode !== undefined) break;
        if ((op === '&&') === (this.lastStatus === 0)) this.lastStatus = await this.pipeline(pipeline, streams);
      }
      if (this.state.exitCode !== undefined) return this.state.exitCode;
    }
    return this.lastStatus;
  }

  /** Commands joined by pipes, one after another, each reading what the one before printed. */
  private async pipeline(commands: Pipeline, streams: ShellStreams): Promise<number> {
    let stdin = streams.stdin;
    let status = 0;
    for (const [i, command] of commands.entries()) {
      const last = i === commands.length - 1;
      const piped: Buffer[] = [];
      const stdout: ShellOutput = last ? streams.stdout : { write: async (b) => void piped.push(Buffer.from(b)) };
      status = await this.command(command, { stdin, stdout, stderr: streams.stderr });
      if (this.state.exitCode !== undefined) return status;
      stdin = ended(piped);
    }
    return status;
  }

  private async command(command: SimpleCommand, streams: ShellStreams): Promise<number> {
    const words = command.words.map((w) => expandWord(w, (name) => this.variable(name)));
    const files: { path: string; append: boolean; chunks: Buffer[] }[] = [];
    const io = { ...streams };
    for (const redirect of command.redirects) {
      if (redirect.op === '>&') {
        if (redirect.fd === 2) io.stderr = io.stdout;
        else io.stdout = io.stderr;
        continue;
      }
      const target = expandWord(redirect.target as Exclude<typeof redirect.target, number>, (n) => this.variable(n));
      const path = this.phone.files.resolve(target, this.state.cwd);
      try {
        if (redirect.op === '<') io.stdin = ended(path === DEV_NULL ? [] : [await this.readFile(path)]);
        else if (path === DEV_NULL) io[redirect.fd === 2 ? 'stderr' : 'stdout'] = DISCARD;
        else {
          const refused = this.phone.refusalOf(REDIRECT_ASKS);
          if (refused) return this.complain(streams, `can't create ${target}: ${refused}`);
          this.phone.files.writable(path);
          const file = { path, append: redirect.op === '>>', chunks: [] as Buffer[] };
          files.push(file);
          io[redirect.fd === 2 ? 'stderr' : 'stdout'] = { write: async (b) => void file.chunks.push(Buffer.from(b)) };
        }
      } catch (error) {
        if (!(error instanceof FileProblem)) throw error;
        const verb = redirect.op === '<' ? 'open' : 'create';
        return this.complain(streams, `can't ${verb} ${target}: ${error.message}`);
      }
    }
    const status = words.length > 0 ? await this.execute(words, io) : 0;
    for (const file of files) await this.writeFile(file.path, file.chunks, file.append);
    return status;
  }

  private async execute(words: string[], io: ShellStreams): Promise<number> {
    const [path, ...args] = words as [string, ...string[]];
    const name = commandName(path);
    if (name === 'sh' || name === 'su') return this.nested(name, args, io);
    const entry = COMMANDS[name];
    if (!entry) return this.complain(io, `${path}: inaccessible or not found`, 127);
    const context = { name, args, ...io, phone: this.phone, shell: this.state };
    // The one check (issue 53): what the command asks, by the table, before it runs.
    const refused = this.phone.refusalOf(asked(name, args));
    if (refused) return entry.refused ? entry.refused(context, refused) : fail(context, `${name}: ${refused}`);
    try {
      return await entry.run(context);
    } catch (error) {
      await io.stderr.write(`${name}: ${(error as Error).message}\n`);
      return 1;
    }
  }

  /** `sh -c line`, and `su [-c] line` on a phone whose root switch is on (there is no su otherwise). */
  private async nested(name: 'sh' | 'su', args: string[], io: ShellStreams): Promise<number> {
    if (name === 'su' && !this.phone.state.root) return this.complain(io, 'su: inaccessible or not found', 127);
    const rest =
      args[0] === '-c' ? args.slice(1) : name === 'su' && /^(0|root)$/.test(args[0] ?? '') ? args.slice(1) : args;
    if (rest.length === 0) return 0;
    return this.run(rest.join(' '), io);
  }

  private variable(name: string): string | undefined {
    return name === '?' ? String(this.lastStatus) : this.environment[name];
  }

  private async complain(streams: ShellStreams, text: string, status = 1): Promise<number> {
    await streams.stderr.write(`${SH}: ${text}\n`);
    return status;
  }

  private async readFile(path: string): Promise<Buffer> {
    const { file } = this.phone.files.read(path);
    return readFile(file);
  }

  private async writeFile(path: string, chunks: Buffer[], append: boolean): Promise<void> {
    const before = append && this.phone.files.exists(path) ? [await this.readFile(path)] : [];
    await this.phone.files.write(path, Readable.from([Buffer.concat([...before, ...chunks])]));
  }
}

/** A finished stream of these bytes: what a pipe hands the next command. */
function ended(chunks: Buffer[]): ByteReader {
  const reader = new ByteReader();
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return reader;
}
