/** The desktop client (issue 30). */
export const desktop = {
  menu: { phones: '云手机', settings: '设置', about: '关于' },
  account: { title: '账号', add: '添加账号（并排登录）', logout: '退出登录' },
  list: {
    grid: '{{count}} 宫格',
    size: { large: '大', medium: '中', small: '小' },
    open: '打开',
    openWindows: '打开 {{count}} 个窗口',
    doneSelecting: '完成',
  },
  arrange: { title: '一键排列', rows: '行', columns: '列', apply: '排列' },
  windows: {
    hideAll: '全部隐藏',
    showAll: '全部显示',
    placesText: '每台云手机的窗口会在上次关闭的位置、以上次的大小打开。',
    forget: '恢复默认位置和大小',
  },
  window: { exit: '退出' },
  settings: {
    common: '通用',
    account: '账号管理',
    hotkeys: '快捷键',
    windows: '设备窗口位置和大小',
    systemNotify: '系统通知',
  },
  hotkeys: {
    actions: {
      boss: '老板键（隐藏 / 显示全部窗口）',
      screenshot: '截图（当前云手机）',
      arrange: '一键排列',
      showAll: '显示全部窗口',
    },
    press: '按下新的快捷键',
    saved: '快捷键已保存',
    invalid: '快捷键需要包含 Ctrl、Alt、Shift 或 Win/⌘ 中的至少一个，再加一个字母、数字或 F1–F12',
    shellOnly: '全局快捷键只在桌面客户端中可用。',
    notHeard: '此电脑没有可用的显示环境，全局快捷键暂不可用。',
  },
  about: {
    client: '客户端',
    inBrowser: '浏览器中打开（未通过桌面客户端）',
    updates: '检查更新',
    check: '检查',
    checking: '正在检查…',
    latest: '已是最新版本',
    newer: '有新版本 {{version}}',
  },
} as const;
