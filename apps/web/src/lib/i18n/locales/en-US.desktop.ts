import type { Messages } from './zh-CN';

/** The desktop client (issue 30). */
export const desktop: Messages['desktop'] = {
  menu: { phones: 'Cloud phones', settings: 'Settings', about: 'About' },
  account: {
    mismatch: 'The two passwords are not the same',
    title: 'Account',
    add: 'Add an account (side by side)',
    logout: 'Log out',
  },
  list: {
    grid: '{{count}} grid',
    size: { large: 'Large', medium: 'Medium', small: 'Small' },
    open: 'Open',
    openWindows: 'Open {{count}} windows',
    restart: 'Restart {{count}}',
    doneSelecting: 'Done',
  },
  arrange: {
    single: 'One line',
    multi: 'Several lines',
    title: 'Arrange',
    rows: 'rows',
    columns: 'columns',
    apply: 'Arrange windows',
  },
  windows: {
    hideAll: 'Hide all',
    showAll: 'Show all',
    placesText: "Each phone's window opens where, and as large as, it was last left.",
    forget: 'Back to default places and sizes',
  },
  window: { exit: 'Exit' },
  settings: {
    common: 'Common',
    account: 'Account',
    hotkeys: 'Hotkeys',
    windows: 'Device window position and size',
    systemNotify: 'System notifications',
  },
  hotkeys: {
    actions: {
      boss: 'Boss key (hide / show every window)',
      screenshot: 'Screenshot (the phone in front)',
      arrange: 'Arrange windows',
      showAll: 'Show every window',
    },
    press: 'Press the new hotkey',
    saved: 'Hotkey saved',
    invalid: 'A hotkey needs Ctrl, Alt, Shift or Win/⌘ and one letter, digit or F1–F12',
    shellOnly: 'Global hotkeys work in the desktop client.',
    notHeard: 'This computer has no display the hotkeys can be heard on: they are off for now.',
  },
  about: {
    client: 'Client',
    inBrowser: 'Opened in a browser (not the desktop client)',
    updates: 'Updates',
    check: 'Check for updates',
    checking: 'Checking…',
    latest: 'You have the latest version',
    newer: 'Version {{version}} is available',
  },
};
