import { LANGUAGES } from '@cloudphone/contracts/locale';
import { formatDuration, header, HEADER, row, STATUS_BAR } from './common';
import type { Screen } from './screen';
import { LANGUAGE_NAMES, systemText } from './system-text';

export const settings: Screen = (p, { state, open, back }) => {
  const text = systemText(state.language);
  p.rect(0, 0, p.width, p.height, '#f4f5f9');
  header(p, text.apps.settings, back);
  let y = STATUS_BAR + HEADER + 12;
  y = row(p, y, text.settings.about, state.identity.name, () => open('about'));
  y = row(p, y, text.settings.display, `${state.display.width} × ${state.display.height}`);
  y = row(p, y, text.settings.rootAccess, state.root ? text.settings.on : text.settings.off);
  row(p, y, text.settings.language, LANGUAGE_NAMES[state.language], () => open('language'));
};

/** Settings → Language: the phone's system language, each named in itself. */
export const language: Screen = (p, { state, back, setLanguage }) => {
  p.rect(0, 0, p.width, p.height, '#f4f5f9');
  header(p, systemText(state.language).settings.language, back);
  let y = STATUS_BAR + HEADER + 12;
  for (const option of LANGUAGES) {
    const chosen = option === state.language;
    const top = y;
    y = row(p, y, LANGUAGE_NAMES[option], '', chosen ? undefined : () => setLanguage(option));
    if (chosen) p.text('✓', p.width - 16, (top + y) / 2, { size: 18, color: '#3946d6', bold: true, align: 'right' });
  }
};

/** Settings → About phone: the identity a phone presents (DESIGN §4). */
export const about: Screen = (p, { state, now, back }) => {
  p.rect(0, 0, p.width, p.height, '#f4f5f9');
  const text = systemText(state.language).about;
  header(p, text.title, back);
  const { identity, display } = state;
  let y = STATUS_BAR + HEADER + 12;
  const rows: [string, string][] = [
    [text.deviceName, identity.name],
    [text.brand, identity.brand],
    [text.manufacturer, identity.manufacturer],
    [text.model, identity.model],
    [text.android, identity.android],
    [text.imei, identity.imei],
    [text.serial, identity.serial],
    [text.resolution, `${display.width} × ${display.height} (${display.dpi} dpi)`],
    [text.root, state.root ? text.rooted : text.notRooted],
    [text.uptime, formatDuration(now - state.bootedAt)],
  ];
  for (const [label, value] of rows) y = row(p, y, label, value, undefined, 48);
};
