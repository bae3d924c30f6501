import { header, HEADER, row, STATUS_BAR } from './common';
import type { Screen } from './screen';
import { systemText } from './system-text';

function size(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The files uploaded to the phone (Download folder). */
export const files: Screen = (p, { state, back }) => {
  const text = systemText(state.language);
  p.rect(0, 0, p.width, p.height, '#f4f5f9');
  header(p, text.apps.files, back);
  let y = STATUS_BAR + HEADER + 12;
  if (state.files.length === 0) {
    p.text(text.files.empty, p.width / 2, y + 60, { size: 15, color: '#8a8fa3', align: 'center' });
    return;
  }
  for (const file of state.files) y = row(p, y, file.name, size(file.size));
};
