import { LOGICAL_WIDTH } from '../painter';
import { formatDuration } from './common';
import { colorFor } from './launcher';
import type { Screen } from './screen';
import { systemText } from './system-text';

/** An app installed from an APK: its splash with icon and label, and how long it has been running. */
export function installedApp(packageName: string): Screen {
  return (p, { state, now }) => {
    const app = state.apps.find((a) => a.packageName === packageName);
    p.rect(0, 0, LOGICAL_WIDTH, p.height, '#ffffff');
    if (!app) return;
    const color = app.icon.startsWith('#') || app.icon.startsWith('hsl') ? app.icon : colorFor(app.packageName);
    const mid = p.height / 2;
    p.rect(LOGICAL_WIDTH / 2 - 48, mid - 140, 96, 96, color, 24);
    p.text(app.label.slice(0, 1).toUpperCase(), LOGICAL_WIDTH / 2, mid - 92, {
      size: 48,
      color: '#fff',
      bold: true,
      align: 'center',
    });
    p.text(app.label, LOGICAL_WIDTH / 2, mid - 10, { size: 22, bold: true, align: 'center' });
    p.text(`${app.packageName} · v${app.versionName}`, LOGICAL_WIDTH / 2, mid + 20, {
      size: 12,
      color: '#8a8fa3',
      align: 'center',
    });
    p.text(
      systemText(state.language).app.running(formatDuration(now - state.appOpenedAt)),
      LOGICAL_WIDTH / 2,
      mid + 60,
      {
        size: 16,
        color: '#3946d6',
        align: 'center',
      },
    );
  };
}
