import { Readable } from 'node:stream';
import type { VirtualPhone } from '../../../virtual-phone';
import { FileProblem } from '../../file-problem';
import { fail, printLines, type ShellCommand } from '../shell-command';

/** screencap's raw header: width, height, pixel format (1: RGBA_8888) and data space (0: unknown). */
const RAW_FORMAT_RGBA = 1;

/**
 * `screencap -p` prints a PNG of the screen as its user sees it (the phone's own screenshot);
 * `screencap [-p] file` writes it to the phone's files; without -p it is raw RGBA after a header.
 */
export const screencap: ShellCommand = async (context) => {
  const { phone } = context;
  const file = context.args.find((a) => !a.startsWith('-'));
  const png = context.args.includes('-p') || file?.endsWith('.png');
  const bytes = png ? phone.phone.screenshotPng() : raw(phone.phone);
  if (!file) {
    await context.stdout.write(bytes);
    return 0;
  }
  try {
    await phone.files.write(phone.files.resolve(file, context.shell.cwd), Readable.from([bytes]));
    return 0;
  } catch (error) {
    if (!(error instanceof FileProblem)) throw error;
    return fail(context, `Error opening file: ${file} (${error.message})`);
  }
};

function raw(phone: VirtualPhone): Buffer {
  const canvas = phone.render(phone.state.display.width, true);
  const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const header = Buffer.alloc(16);
  header.writeUInt32LE(canvas.width, 0);
  header.writeUInt32LE(canvas.height, 4);
  header.writeUInt32LE(RAW_FORMAT_RGBA, 8);
  return Buffer.concat([header, Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength)]);
}

/** `wm size` and `wm density`: read-only, since changing them is the owner's resolution operation. */
export const wm: ShellCommand = async (context) => {
  const [verb, value] = context.args;
  const { width, height, dpi } = context.phone.state.display;
  if (value !== undefined)
    return fail(context, "Error: the display is set by the cloud phone's resolution setting, not over adb");
  if (verb === 'size') return printLines(context.stdout, [`Physical size: ${width}x${height}`]).then(() => 0);
  if (verb === 'density') return printLines(context.stdout, [`Physical density: ${dpi}`]).then(() => 0);
  return fail(context, `Error: unknown command '${verb ?? ''}'`);
};
