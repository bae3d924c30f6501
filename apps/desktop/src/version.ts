/** The desktop client's version: its update check compares it with the server's `desktop.version`. */
export const DESKTOP_VERSION = '0.1.0';
