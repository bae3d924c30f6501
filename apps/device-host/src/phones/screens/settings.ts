import { LOGICAL_WIDTH } from '../painter';
import { formatDuration, header, HEADER, row, STATUS_BAR } from './common';
import type { Screen } from './screen';

export const settings: Screen = (p, { state, open, back }) => {
  p.rect(0, 0, LOGICAL_WIDTH, p.height, '#f4f5f9');
  header(p, 'Settings', back);
  let y = STATUS_BAR + HEADER + 12;
  y = row(p, y, 'About phone', state.identity.name, () => open('about'));
  y = row(p, y, 'Display', `${state.display.width} × ${state.display.height}`);
  row(p, y, 'Root access', state.root ? 'On' : 'Off');
};

/** Settings → About phone: the identity a phone presents (DESIGN §4). */
export const about: Screen = (p, { state, now, back }) => {
  p.rect(0, 0, LOGICAL_WIDTH, p.height, '#f4f5f9');
  header(p, 'About phone', back);
  const { identity, display } = state;
  let y = STATUS_BAR + HEADER + 12;
  const rows: [string, string][] = [
    ['Device name', identity.name],
    ['Brand', identity.brand],
    ['Manufacturer', identity.manufacturer],
    ['Model', identity.model],
    ['Android version', identity.android],
    ['IMEI', identity.imei],
    ['Serial number', identity.serial],
    ['Resolution', `${display.width} × ${display.height} (${display.dpi} dpi)`],
    ['Root', state.root ? 'Rooted' : 'Not rooted'],
    ['Uptime', formatDuration(now - state.bootedAt)],
  ];
  for (const [label, value] of rows) y = row(p, y, label, value, undefined, 48);
};
