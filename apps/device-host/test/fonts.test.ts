import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Chinese on phone screens (issue 10 §2). The host draws screens itself; a machine without a CJK font
 * showed boxes. Where it can (as root, in a mount namespace), the test hides the machine's fonts
 * (/usr/share/fonts) from the drawing process, as on a fresh machine, so only the fonts the host
 * ships can draw; elsewhere it draws with the machine's fonts as they are.
 */
const script = fileURLToPath(new URL('./fixtures/render-notes.ts', import.meta.url));
const hideSystemFonts =
  spawnSync('unshare', ['--mount', '--propagation', 'private', 'mount', '-t', 'tmpfs', 'none', '/usr/share/fonts'])
    .status === 0;

/** Notes' first text line for each text, as grey levels. */
function notesLines(texts: string[]): Buffer[] {
  const node = [process.execPath, '--import', 'tsx', script, ...texts];
  const [command, ...args] = hideSystemFonts
    ? [
        'unshare',
        '--mount',
        '--propagation',
        'private',
        'sh',
        '-c',
        'mount -t tmpfs none /usr/share/fonts && exec "$@"',
        'sh',
        ...node,
      ]
    : node;
  const run = spawnSync(command!, args, { encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(run.stderr);
  return (JSON.parse(run.stdout) as string[]).map((line) => Buffer.from(line, 'base64'));
}

const ink = (line: Buffer) => line.filter((grey) => grey < 160).length;
const differing = (a: Buffer, b: Buffer) => a.filter((grey, i) => Math.abs(grey - b[i]!) > 60).length;

describe('Chinese text on a phone screen', () => {
  it('draws simplified, traditional and rare characters as glyphs, not as the missing-glyph box', () => {
    const samples = ['中', '文', '繁', '體', '龘', '𠀋'];
    // U+10FFFD is in no font: what a character without a glyph looks like (.notdef).
    const [notdef, ...lines] = notesLines(['\u{10FFFD}', ...samples]);
    lines.forEach((line, i) => {
      expect(ink(line), samples[i]).toBeGreaterThan(20);
      expect(differing(line, notdef!), samples[i]).toBeGreaterThan(20);
    });
  }, 60_000);
});
