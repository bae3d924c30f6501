import { chmodSync, mkdirSync } from 'node:fs';

/**
 * Makes a folder only its user can open: the shell's folder and each account's browser profile hold
 * cookies and login tokens. mkdir's mode is masked by the umask and leaves a folder that already
 * exists as it was, hence the chmod. (On Windows both live under the user's own AppData.)
 */
export function makePrivateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  chmodSync(path, 0o700);
}
