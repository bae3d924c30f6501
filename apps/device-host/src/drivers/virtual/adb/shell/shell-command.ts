import type { ByteReader } from '../../../../adb/byte-reader';
import type { EmulatedPhone } from '../emulated-phone';

/** Where a command writes: the client, a pipe to the next command, or a file. */
export interface ShellOutput {
  write(bytes: Buffer | string): Promise<void>;
}

/** What lasts between the commands of one shell: its folder, and an `exit`. */
export interface ShellState {
  cwd: string;
  exitCode?: number;
}

/** One command as it runs: its arguments (its name not among them), its streams, the phone. */
export interface CommandContext {
  name: string;
  args: string[];
  stdin: ByteReader;
  stdout: ShellOutput;
  stderr: ShellOutput;
  phone: EmulatedPhone;
  shell: ShellState;
}

/** A shell command: its exit code once done. */
export type ShellCommand = (context: CommandContext) => Promise<number>;

/** Writes lines, each ended with a new line. */
export async function printLines(output: ShellOutput, lines: readonly string[]): Promise<void> {
  if (lines.length > 0) await output.write(`${lines.join('\n')}\n`);
}

/** A refusal or a misuse: the message on stderr, exit 1 (as Android's tools print theirs). */
export async function fail(context: CommandContext, text: string, code = 1): Promise<number> {
  await context.stderr.write(`${text}\n`);
  return code;
}
