import { DEFAULT_HOTKEYS } from '@cloudphone/contracts/desktop';
import { BROWSER_DOWNLOAD_URL, findBrowser } from './browser/find-browser';
import { desktopHome, SettingsStore } from './settings/settings-store';
import { DesktopShell } from './shell';
import { DESKTOP_VERSION } from './version';

/**
 * `npm run desktop -- [--server URL] [--client-no NO]`: the Cloudphone desktop client. It hosts the
 * desktop UI of the server it is pointed at in the system's Chrome, Edge or Chromium (DESIGN §9).
 */
async function main(argv: string[]): Promise<void> {
  if (argv.includes('--version')) return void console.log(DESKTOP_VERSION);
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) args.set((argv[i] ?? '').replace(/^--/, ''), argv[i + 1] ?? '');
  const home = desktopHome();
  const settings = new SettingsStore(home);
  settings.update({
    server: args.get('server') ?? settings.get().server,
    clientNo: args.get('client-no') ?? settings.get().clientNo,
    hotkeys: { ...DEFAULT_HOTKEYS, ...settings.get().hotkeys },
  });
  const browserPath = findBrowser();
  if (!browserPath) {
    console.error(
      `Cloudphone needs Google Chrome, Microsoft Edge or Chromium, and none is installed.\n` +
        `Install one (${BROWSER_DOWNLOAD_URL}), or set CHROME_PATH to the browser, then start Cloudphone again.`,
    );
    process.exit(1);
  }
  const system = process.platform === 'win32' ? 'windows' : process.platform === 'darwin' ? 'macos' : 'linux';
  // Chromium refuses to run as root with its sandbox (a container, a CI machine).
  const browserArgs = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  const shell = new DesktopShell({ browserPath, home, settings, version: DESKTOP_VERSION, system, browserArgs });
  await shell.start();
  console.log(`Cloudphone desktop ${DESKTOP_VERSION}: ${settings.get().server} (client ${settings.get().clientNo})`);
  const quit = () => void shell.close().then(() => process.exit(0));
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
