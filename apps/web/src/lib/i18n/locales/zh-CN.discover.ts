/** Discover, the game channel, the guides, download and online devices (issue 29). */
export const discover = {
  searchPlaceholder: '搜索资讯',
  games: '游戏频道',
  gamesText: '一键安装到你的云手机',
  guide: '新手指引',
  sdkGuide: '开发者接入',
  download: '下载客户端',
  articles: '资讯',
  articlesEmpty: '暂无资讯',
  end: '没有更多了',
  bannerAlt: '广告：{{title}}',
} as const;

export const games = {
  searchPlaceholder: '搜索游戏',
  empty: '暂无游戏',
  pin: '置顶',
  unpin: '取消置顶',
  pinned: '已置顶',
  pinDone: '已置顶到游戏频道顶部',
  unpinDone: '已取消置顶',
  install: '安装',
  facts: 'v{{version}} · {{size}}',
  installTitle: '安装 {{name}}',
  installHint: '选择要安装的云手机，游戏会先加入你的应用库，再安装到所选云手机。',
  installOn: '安装到 {{count}} 台云手机',
  noPhones: '暂无可安装的云手机',
  progressTitle: '安装进度',
  close: '关闭',
} as const;

export const guide = {
  steps: {
    phones: { title: '你的云手机', text: '租用的云手机都在首页：点一下即可查看和操作，长按可以多选。' },
    views: { title: '多开同屏', text: '切换到四宫格、九宫格，同时看多台云手机的实时画面。' },
    running: { title: '全天候运行', text: '关掉页面，云手机照样运行，游戏和应用不会中断。' },
    discover: { title: '发现', text: '在“发现”里一键安装游戏到多台云手机，并查看最新资讯。' },
  },
  step: '第 {{index}} / {{total}} 步',
  next: '下一步',
  skip: '跳过',
  done: '开始使用',
} as const;

export const sdkGuide = {
  intro:
    '商户的开发者可以从自己的系统调用云手机平台：用商户密钥签名的开放接口发消息、让用户免密进入客户端；用设备访问密钥操作单台云手机。',
  signingTitle: '签名方式',
  signingText:
    '每个请求带三个请求头：访问密钥、请求时间（毫秒）和签名。签名是用密钥对“方法、路径、请求时间、请求体的 SHA-256”四行文本计算的 HMAC-SHA256（十六进制）。请求时间与服务器相差超过 5 分钟的请求会被拒绝，同一个签名只能用一次。',
  keyTitle: '获取商户密钥',
  keyText: '由平台运营者执行管理命令生成，密钥只显示一次：',
  entryTitle: '示例：从你的 App 免密进入客户端',
  entryText:
    '你的服务器为用户申请一次性进入码（5 分钟内有效，只能用一次），你的 App 打开返回的地址，客户端会用它完成登录。',
  entryStep1: '1. 服务器签名并申请进入码：',
  entryStep2: '2. 回复：',
  entryStep3: '3. 在 App 的网页视图中打开：',
  messageTitle: '给用户发消息',
  messageText: '同样签名，发送到消息中心的系统消息（不带 uid 时发给全部用户）：',
  deviceTitle: '操作单台云手机',
  deviceText: '用户在客户端取得的设备访问密钥（security-token）可对该云手机重启、恢复出厂并查询任务结果：',
  adbTitle: '用 ADB 操作云手机',
  adbText:
    '云手机的主人可在手机的工具中开启 ADB，用标准 adb 客户端连接：执行 shell 命令、安装应用、传输文件、截屏。只有账号中添加的公钥能连接；转移、到期或关闭 ADB 后连接立即断开。',
  adbStep1: '1. 把电脑的 adb 公钥添加到账号（我的 → ADB 公钥）：',
  adbStep2: '2. 开启 ADB 后，用面板上的地址连接并操作：',
  adbStep3: '3. 示例：在多台云手机上批量安装应用：',
  keyMapTitle: '游戏键位',
  keyMapText:
    '桌面客户端的控制窗口可以用键盘玩游戏：每个应用包一套键位，由一组按键组成。x、y 是按键在屏幕上的位置，按屏幕宽、高的比例（0–1）计，所以一套键位适用于任何分辨率和方向。tap 按一下点一下；hold 按住时手指一直按着；repeat 按住时每秒点击 perSecond 次（{{repeatMin}}–{{repeatMax}}）；joystick 用四个键推动手指绕中心移动，radius 是屏幕短边的比例（{{radiusMin}}–{{radiusMax}}），两个键同时按下为斜向。key 为字母、数字、F1–F12、Space、Backquote 或方向键（ArrowUp 等），Esc、Tab、Enter、Backspace 和组合键保留给窗口本身；一套键位最多 {{maxControls}} 个按键，toggleKey 显示或隐藏按键标签：',
  keyMapShip:
    '商户可以为游戏频道里的游戏设置默认键位（管理后台“发现 → 游戏频道”，或管理命令）；用户修改后保存为自己的一份：',
  errorsTitle: '返回格式',
  errorsText: '所有接口返回 { code, msg, data }：code 为 0 表示成功，否则 msg 是可直接展示的错误信息。',
  copy: '复制',
  copied: '已复制',
} as const;

export const download = {
  desktopTitle: '桌面客户端',
  desktopText: '在电脑上多开窗口、快捷键操作、同步控制多台云手机。',
  version: '版本 {{version}}',
  downloadDesktop: '下载桌面客户端',
  webTitle: '手机网页版',
  webText: '添加到主屏幕后像 App 一样全屏打开，无需安装。',
  addToHome: '添加到主屏幕',
  openWeb: '打开网页版',
} as const;

export const online = {
  entry: '{{count}} 台在线',
  title: '在线设备',
  empty: '当前没有在线的云手机',
} as const;
