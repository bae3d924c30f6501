import type { Messages } from './zh-CN';

/** Discover, the game channel, the guides, download and online devices (issue 29). */
export const discover: Messages['discover'] = {
  searchPlaceholder: 'Search articles',
  games: 'Game channel',
  gamesText: 'Install onto your cloud phones in one tap',
  guide: 'Getting started',
  sdkGuide: 'For developers',
  download: 'Download the clients',
  articles: 'News',
  articlesEmpty: 'No articles yet',
  end: 'No more',
  bannerAlt: 'Banner: {{title}}',
};

export const games: Messages['games'] = {
  searchPlaceholder: 'Search games',
  empty: 'No games yet',
  pin: 'Pin',
  unpin: 'Unpin',
  pinned: 'Pinned',
  pinDone: 'Pinned to the top of your game channel',
  unpinDone: 'Unpinned',
  install: 'Install',
  facts: 'v{{version}} · {{size}}',
  installTitle: 'Install {{name}}',
  installHint: 'Choose the cloud phones to install on: the game joins your app library, then installs on them.',
  installOn: 'Install on {{count}} phones',
  noPhones: 'You have no cloud phone to install on',
  progressTitle: 'Installing',
  close: 'Close',
};

export const guide: Messages['guide'] = {
  steps: {
    phones: {
      title: 'Your cloud phones',
      text: 'Every phone you rent is on the home page: tap one to watch and control it, long-press to select several.',
    },
    views: { title: 'Many at once', text: 'Switch to four or nine tiles to watch several phones live at once.' },
    running: {
      title: 'Around the clock',
      text: 'Close the page and your phones keep running: games and apps are not interrupted.',
    },
    discover: { title: 'Discover', text: 'Install games onto many phones in one tap, and read the latest news.' },
  },
  step: 'Step {{index}} of {{total}}',
  next: 'Next',
  skip: 'Skip',
  done: 'Get started',
};

export const sdkGuide: Messages['sdkGuide'] = {
  intro:
    "A merchant's developers call the cloud-phone platform from their own systems: open calls signed with the merchant key send messages and sign users into the client without a password; a phone's access key operates that one phone.",
  signingTitle: 'Signing',
  signingText:
    "Every request carries three headers: the access key, the request time (ms) and the signature — a hex HMAC-SHA256, with the secret key, of four lines: method, path, request time and the SHA-256 of the body. A request more than 5 minutes off the server's clock is refused, and a signature works once.",
  keyTitle: 'Getting a merchant key',
  keyText: 'The platform operator makes one with the admin tool; the secret is shown once:',
  entryTitle: 'Worked example: from your app into the client, no password',
  entryText:
    'Your server asks for a one-time entry code for the user (good once, for 5 minutes); your app opens the address it gets back, and the client signs the user in with it.',
  entryStep1: '1. Your server signs and asks for an entry code:',
  entryStep2: '2. The reply:',
  entryStep3: "3. Open it in your app's web view:",
  messageTitle: 'Messages to users',
  messageText: 'Signed the same way: a system message in the message centre (to every user when uid is left out):',
  deviceTitle: 'Operating one cloud phone',
  deviceText:
    "A phone's access key (its security token, which the user gets in the client) restarts or resets that phone and reads the task's result:",
  adbTitle: 'Operating cloud phones with ADB',
  adbText:
    "A phone's owner turns ADB on in the phone's tools and connects with the standard adb client: run shell commands, install apps, move files, take screenshots. Only keys added to the account connect; a transfer, the phone's expiry or turning ADB off closes the connection at once.",
  adbStep1: "1. Add your computer's adb key to the account (Mine → ADB keys):",
  adbStep2: '2. With ADB on, connect to the address its panel shows, and operate the phone:',
  adbStep3: '3. Worked example: install an app on many cloud phones at once:',
  keyMapTitle: 'Game key maps',
  keyMapText:
    "The desktop client's control window plays games from the keyboard: one key map per app package, a list of controls. x and y place a control as shares of the screen's width and height (0–1), so one map fits every resolution and rotation. tap taps once a press; hold keeps the finger down while the key is; repeat taps perSecond times a second while held ({{repeatMin}}–{{repeatMax}}); joystick pushes a finger around its centre with four keys, radius a share of the screen's shorter side ({{radiusMin}}–{{radiusMax}}), two keys at once a diagonal. A key is a letter, a digit, F1–F12, Space, Backquote or an arrow (ArrowUp…); Esc, Tab, Enter, Backspace and combinations stay the window's. A map holds at most {{maxControls}} controls; toggleKey shows and hides their labels:",
  keyMapShip:
    "A merchant ships a default map with a game of its channel (the console's Discover → Game channel, or the admin tool); a user who changes it keeps a copy of their own:",
  errorsTitle: 'Replies',
  errorsText:
    'Every call answers { code, msg, data }: code 0 is success; otherwise msg is an error message ready to show.',
  copy: 'Copy',
  copied: 'Copied',
};

export const download: Messages['download'] = {
  desktopTitle: 'Desktop client',
  desktopText: 'Many phone windows, hotkeys and sync control of several phones, on your computer.',
  version: 'Version {{version}}',
  downloadDesktop: 'Download the desktop client',
  webTitle: 'Web app on your phone',
  webText: 'Add it to your home screen: it opens full screen like an app, nothing to install.',
  addToHome: 'Add to home screen',
  openWeb: 'Open the web app',
};

export const online: Messages['online'] = {
  entry: '{{count}} online',
  title: 'Online devices',
  empty: 'No cloud phone is online now',
};
