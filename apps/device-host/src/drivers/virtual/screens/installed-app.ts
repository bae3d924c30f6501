import { formatDuration, iconFace, installedLook } from './common';
import type { Screen } from './screen';
import { systemText } from './system-text';

/** An app installed from an APK: its splash with icon and label, and how long it has been running. */
export function installedApp(packageName: string): Screen {
  return (p, { state, now }) => {
    const app = state.apps.find((a) => a.packageName === packageName);
    p.rect(0, 0, p.width, p.height, '#ffffff');
    if (!app) return;
    const mid = p.height / 2;
    iconFace(p, p.width / 2 - 48, mid - 140, 96, installedLook(app));
    const width = p.width - 32;
    p.text(app.label, p.width / 2, mid - 10, { size: 22, bold: true, align: 'center', maxWidth: width });
    p.text(`${app.packageName} · v${app.versionName}`, p.width / 2, mid + 20, {
      size: 12,
      color: '#8a8fa3',
      align: 'center',
      maxWidth: width,
    });
    p.text(systemText(state.language).app.running(formatDuration(now - state.appOpenedAt)), p.width / 2, mid + 60, {
      size: 16,
      color: '#3946d6',
      align: 'center',
    });
  };
}
