import type { Language } from '@cloudphone/contracts/locale';
import type { PhoneStatus } from '@cloudphone/contracts/stream';

/**
 * The words of the phone's own system — launcher labels, Settings, Notes, Files and the game — in
 * each system language (Settings → Language on the phone, issue 10 §4). Installed apps keep the
 * labels their packages carry, and what the user typed stays as typed.
 */
export interface SystemText {
  apps: { settings: string; files: string; notes: string; game: string };
  /** The launcher's date line. */
  date: (now: number) => string;
  settings: {
    about: string;
    display: string;
    rootAccess: string;
    on: string;
    off: string;
    language: string;
  };
  about: {
    title: string;
    deviceName: string;
    brand: string;
    manufacturer: string;
    model: string;
    android: string;
    imei: string;
    serial: string;
    resolution: string;
    root: string;
    rooted: string;
    notRooted: string;
    uptime: string;
  };
  notes: { copy: string; paste: string; placeholder: string };
  files: { empty: string };
  game: {
    gold: string;
    level: (level: number) => string;
    mining: (duration: string) => string;
    mine: (gold: number) => string;
  };
  app: { running: (duration: string) => string };
  /** The full-screen line while the phone is not running (boot, restart, maintenance…). */
  busy: Partial<Record<PhoneStatus, string>>;
}

/** Each language is named in itself, as phones list them. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

export const SYSTEM_TEXT: Record<Language, SystemText> = {
  'zh-CN': {
    apps: { settings: '设置', files: '文件', notes: '便签', game: '放置矿工' },
    date: (now) => new Date(now).toLocaleDateString('zh-CN', { month: 'long', day: 'numeric', weekday: 'long' }),
    settings: {
      about: '关于手机',
      display: '显示',
      rootAccess: 'Root 权限',
      on: '开启',
      off: '关闭',
      language: '语言',
    },
    about: {
      title: '关于手机',
      deviceName: '设备名称',
      brand: '品牌',
      manufacturer: '制造商',
      model: '型号',
      android: 'Android 版本',
      imei: 'IMEI',
      serial: '序列号',
      resolution: '分辨率',
      root: 'Root',
      rooted: '已 Root',
      notRooted: '未 Root',
      uptime: '已开机时长',
    },
    notes: { copy: '复制', paste: '粘贴', placeholder: '输入内容…' },
    files: { empty: '暂无文件' },
    game: {
      gold: '金币',
      level: (level) => `等级 ${level}`,
      mining: (duration) => `已挖矿 ${duration}`,
      mine: (gold) => `挖矿 +${gold}`,
    },
    app: { running: (duration) => `已运行 ${duration}` },
    busy: {
      booting: '正在开机…',
      restarting: '正在重启…',
      resetting: '正在恢复出厂设置…',
      maintenance: '维护中',
      offline: '已离线',
      abnormal: '设备故障',
    },
  },
  'en-US': {
    apps: { settings: 'Settings', files: 'Files', notes: 'Notes', game: 'Idle Miner' },
    date: (now) => new Date(now).toDateString(),
    settings: {
      about: 'About phone',
      display: 'Display',
      rootAccess: 'Root access',
      on: 'On',
      off: 'Off',
      language: 'Language',
    },
    about: {
      title: 'About phone',
      deviceName: 'Device name',
      brand: 'Brand',
      manufacturer: 'Manufacturer',
      model: 'Model',
      android: 'Android version',
      imei: 'IMEI',
      serial: 'Serial number',
      resolution: 'Resolution',
      root: 'Root',
      rooted: 'Rooted',
      notRooted: 'Not rooted',
      uptime: 'Uptime',
    },
    notes: { copy: 'Copy', paste: 'Paste', placeholder: 'Type something…' },
    files: { empty: 'No files yet' },
    game: {
      gold: 'GOLD',
      level: (level) => `Level ${level}`,
      mining: (duration) => `Mining for ${duration}`,
      mine: (gold) => `Mine +${gold}`,
    },
    app: { running: (duration) => `Running ${duration}` },
    busy: {
      booting: 'Starting…',
      restarting: 'Restarting…',
      resetting: 'Restoring factory settings…',
      maintenance: 'Under maintenance',
      offline: 'Offline',
      abnormal: 'Device fault',
    },
  },
};

/** The system's words on a phone set to `language`. */
export function systemText(language: Language): SystemText {
  return SYSTEM_TEXT[language];
}
