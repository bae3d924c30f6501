import type { Messages } from './zh-CN';

/** The account's texts: its profile, its number's binding and its cancellation. */
export const account: Messages['account'] = {
  uid: 'UID: {{userNo}}',
  avatar: 'Avatar',
  nickname: 'Nickname',
  mobile: 'Phone',
  userNo: 'UID',
  registerTime: 'Registered',
  editNickname: 'Change nickname',
  nicknamePlaceholder: '1 to 20 characters',
  saved: 'Saved',
  logout: 'Log out',
  logoutConfirm: 'Log out now?',
  loginDevices: 'Login devices',
  currentDevice: 'This device',
  deviceDetail: 'IP {{ip}} · last active {{time}}',
  signOut: 'Sign out',
  signOutConfirm: 'Sign this device out?',
  signedOut: 'The device has been signed out',
  unknownDevice: 'Unknown device',
  noPassword: 'You have no password yet; set one to log in with it',
  passwordChanged: 'Password changed; other devices must log in again',
};

export const binding: Messages['binding'] = {
  stepCheck: 'Check',
  stepVerify: 'Verify current number',
  stepBind: 'Bind new number',
  nextChangeTime: 'You can change it again on {{date}}',
  verifyHint: 'A code will be sent to {{mobile}}',
  next: 'Next',
  newMobile: 'New phone',
  bind: 'Bind',
  changed: 'Phone number changed',
};

export const cancelAccount: Messages['cancelAccount'] = {
  title: 'Cancel account',
  intro: 'After cancelling, these cannot be recovered:',
  loseData: 'Your account, cloud phones and their data',
  loseOrders: 'Purchase records, activation codes and coupons',
  noLogin: 'This phone number can no longer log in to this account',
  codeHint: 'A code will be sent to {{mobile}}',
  submit: 'Cancel account',
  confirmTitle: 'Confirm cancellation',
  confirmText: 'This cannot be undone. Continue?',
  done: 'Your account has been cancelled',
};
