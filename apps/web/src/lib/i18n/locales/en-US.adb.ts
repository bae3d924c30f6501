import type { Messages } from './zh-CN';

/** ADB to a cloud phone (issue 35): the phone's ADB panel and the account's keys. */
export const adb: Messages['adb'] = {
  tool: 'ADB',
  title: 'ADB debugging',
  intro:
    'When on, the standard adb client on your computer connects to this cloud phone: run shell commands, install apps, move files.',
  switch: 'ADB access',
  on: 'On',
  off: 'Off',
  connectLabel: 'Run in a terminal on your computer',
  copy: 'Copy',
  copied: 'Copied',
  disableConfirm: 'Turning ADB off closes every adb session to this phone at once. Turn it off?',
  noKeys: 'Your account has no ADB key yet: add the contents of ~/.android/adbkey.pub from your computer to connect.',
  manageKeys: 'Manage ADB keys',
  keys: {
    intro:
      "Only the keys added here can connect to your cloud phones with adb. A computer's key is in ~/.android/adbkey.pub (adb makes it the first time it runs).",
    empty: 'No key added yet',
    add: 'Add a key',
    name: 'Name',
    namePlaceholder: 'e.g. Office computer',
    publicKey: 'Public key',
    publicKeyPlaceholder: 'Paste all of adbkey.pub',
    nameRequired: 'Enter a name',
    keyRequired: 'Paste the public key',
    added: 'Key added',
    remove: 'Remove',
    removeConfirm: 'Remove the key “{{name}}”? adb connections made with it close at once.',
    removed: 'Key removed',
    fingerprint: 'Fingerprint',
    addedAt: 'Added {{time}}',
  },
};
