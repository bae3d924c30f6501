import { errorEntry as e, type CatalogueEntry } from './error-entry';

// The error catalogue's entries for cloud phones (part of ERRORS, errors.ts): using a phone, what
// keeps it busy, sync control, replacing, transferring, granting and cloning it, the files put on
// it, and its ADB.

export const PHONE_ERRORS = {
  // — cloud phones (spec §5, §8)
  deviceNotConnected: e(1301, '设备未连接！', 'Device not connected!'),
  connectionLost: e(1302, '连接已断开，是否重连？', 'Connection lost, reconnect?'),
  errorCodeReconnect: e(1303, '错误码：%s，是否重连？', 'Error code:%s, reconnect?'),
  deviceValidityTooShort: e(1304, '设备有效期不足10分钟', 'Device validity less than 10 minutes'),
  deviceExpired: e(1305, '设备已过期', 'Device expired'),
  deviceBusy: e(
    1306,
    '设备正在更换、迁移或转移中，请稍后再试',
    'Device is being replaced, migrated or transferred, try again later',
  ),
  deviceUnavailable: e(
    1307,
    '设备维护中、离线或故障，请联系客服',
    'Device under maintenance, offline or faulty, contact support',
  ),
  deviceCloning: e(1308, '当前设备正在克隆中，请稍后再试', 'Current device is being cloned, try again later'),
  restartFailed: e(1309, '重启失败', 'Restart failed'),
  resetFailed: e(1310, '恢复出厂失败', 'Reset failed'),
  screenshotFailed: e(1311, '截图失败', 'Screenshot failed'),
  resolutionFailed: e(1312, '分辨率设置失败', 'Resolution setting failed'),
  someDevicesFailed: e(1313, '部分设备设置失败', 'Some devices failed to set'),
  modeSwitchFailed: e(1314, '模式切换失败', 'Mode switch failed'),
  exitFailed: e(1315, '退出失败，请稍后重试', 'Exit failed, retry later'),
  getTokenFailed: e(1316, '获取令牌失败', 'Get token failed'),
  cannotSwitchViewWithoutPhone: e(
    1317,
    '订阅云手机之前无法切换视图',
    'Cannot switch view before subscribing to a cloud phone',
  ),
  phonePackageEmpty: e(1318, '云手机套餐为空', 'The phone package is empty'),
  screenshotTooMany: e(1319, '最多同时截图10台设备', 'Screenshots are limited to 10 devices at a time'),
  defaultGroupProtected: e(1320, '默认分组不可删除或修改', 'The default group cannot be deleted or modified'),
  groupNameRequired: e(1321, '请输入分组名称', 'Group name is required'),
  phoneNotFound: e(1322, '云手机不存在', 'Cloud phone does not exist'),
  clipboardDuplicate: e(1323, '剪贴板内容已存在', 'This clipboard content already exists'),
  clipboardEmpty: e(1324, '粘贴内容不能为空', 'Pasted content must not be empty'),
  trialNeedsRenewal: e(
    1325,
    '试用设备需续费后才能使用该功能',
    'A trial device needs renewal before this function is available',
  ),
  graphicsProcessTerminated: e(
    1326,
    '图形进程已终止（内存不足或无响应），可软重启或等待',
    'The graphics process terminated (out of memory or not responding): soft restart or wait',
  ),
  hardwareAccelerationTerminated: e(
    1327,
    '硬件加速已终止，可关闭硬件加速并重启',
    'Hardware acceleration terminated: disable it and restart',
  ),
  // What the phone's driver cannot do (issue 50: a handset has no "new machine", a virtual phone no GPU).
  capabilityMissing: e(1333, '该云手机不支持此操作', 'This cloud phone does not support this operation'),
  deviceStarting: e(1334, '设备正在启动，请稍后再试', 'The phone is still starting, try again in a moment'),
  // — a phone's locks (issue 20): what keeps it busy, in the user's words
  deviceTemplating: e(
    1328,
    '当前设备正在制作模板，请稍后再试',
    'A template is being made of this device, try again later',
  ),
  deviceResetting: e(1329, '设备正在恢复出厂设置，请稍后再试', 'The device is being reset, try again later'),
  deviceNewMachine: e(1330, '设备正在一键新机，请稍后再试', 'The device is becoming a new machine, try again later'),
  deviceApplyingSetting: e(
    1331,
    '设备正在重启以应用设置，请稍后再试',
    'The device is restarting to apply a setting, try again later',
  ),
  devicePushing: e(
    1332,
    '设备正在推送或安装文件，请稍后再试',
    'Files are being pushed to or installed on the device, try again later',
  ),

  // — sync control (spec §4, §8)
  syncControlledElsewhere: e(
    1401,
    '部分设备被其他窗口控制，请退出后重新同步',
    'Some devices are controlled by other windows, exit and try sync again',
  ),
  mainDeviceCannotCancelSync: e(1402, '主控设备不能取消同步', 'Main control device cannot cancel sync'),
  deviceInSync: e(
    1403,
    '同步中的设备不能单独操作、转移或更换',
    'A device in sync cannot be operated alone, transferred or replaced',
  ),
  arrangeInvalid: e(
    1404,
    '行数和列数不能为0，且至少需要两个窗口',
    'Rows and columns must not be 0, and at least two windows are needed',
  ),
  syncTooMany: e(1405, '主控窗口最多同步20台设备', 'A main-control window syncs at most 20 devices'),
  syncNotFound: e(1406, '同步会话不存在或已结束', 'The sync session does not exist or has ended'),
  // %s names the main: the web fills in its name, ADB says SYNC_MAIN_UNNAMED (sync.ts).
  syncFollowing: e(
    1407,
    '该设备正在跟随%s同步，暂停跟随后才能单独操作',
    'This phone follows %s in a sync session: pause following to operate it alone',
  ),

  // — replace, transfer, grant, clone (spec §5, §8, §9)
  replaceFailed: e(1601, '云手机更换失败！', 'Cloud phone replacement failed!'),
  transferRemainingTime: e(1602, '剩余时间需大于24小时才能转移', 'Remaining time must exceed 24 h to transfer'),
  transferLimit: e(1603, '已超过转移次数限制', 'The transfer limit has been reached'),
  grantInvalid: e(
    1604,
    '授权天数为1-999的整数，且不超过设备剩余时间',
    "Grant days must be a whole number from 1 to 999 and within the device's remaining time",
  ),
  grantAccountRequired: e(1605, '请输入账号或UID', 'Please enter an account or UID'),
  grantLimit: e(1606, '最多授权20台云手机', 'At most 20 cloud phones can be authorized'),
  authorizedDeviceRestricted: e(
    1607,
    '被授权的设备不能转移、同步或升级',
    'Authorized devices cannot be transferred, synced or upgraded',
  ),
  templateLimit: e(1608, '模板数量已达上限', 'Template limit reached'),
  grantExists: e(1630, '该设备已授权，请先收回授权', 'This device is already authorized; take the grant back first'),
  grantAccountNotFound: e(1631, '账号不存在', 'The account does not exist'),
  grantToSelf: e(1632, '不能授权给自己', 'You cannot authorize a device to yourself'),
  grantCodeInvalid: e(1633, '授权码无效或已失效', 'The grant code is invalid or no longer valid'),
  grantNotFound: e(1634, '授权不存在或已结束', 'The grant does not exist or has ended'),
  replaceTooMany: e(1635, '每次最多更换10台云手机', 'At most 10 cloud phones can be replaced at once'),
  replaceClosed: e(1636, '云手机更换暂未开放', 'Cloud phone replacement is not open'),
  transferBatchLimit: e(1620, '每次最多转移%s台云手机', 'At most %s phones can be transferred at once'),
  transferPhoneLimit: e(1621, '该设备近期已转移过，请稍后再试', 'This phone was transferred recently, try again later'),
  transferAccountNotFound: e(1622, '接收账号不存在', 'The receiving account does not exist'),
  transferToSelf: e(1623, '不能转移给自己', 'Phones cannot be transferred to your own account'),
  newMachineBrandUnknown: e(1624, '没有该品牌的机型', 'There is no handset of this brand'),
  templateDayLimit: e(1609, '今日制作模板次数已达上限', 'Template limit reached for today'),
  templateNotFound: e(1610, '模板不存在', 'The template does not exist'),
  templateNotReady: e(1611, '模板尚未制作完成', 'The template is not ready yet'),
  templateExpired: e(1612, '模板已过期', 'The template has expired'),
  cloneVersionMismatch: e(
    1613,
    '模板为安卓%s，只能克隆到相同安卓版本的设备',
    'This template is of Android %s: it clones only onto phones of the same Android version',
  ),
  cloneBatchLimit: e(1614, '每次最多克隆%s台设备', 'At most %s devices can be cloned at once'),
  cloneDayLimit: e(1615, '今日克隆次数已达上限', 'Clone limit reached for today'),
  templateInUse: e(1616, '模板正在克隆中，请稍后再试', 'The template is being cloned, try again later'),

  // — upload (spec §5, §8)
  uploadTooManyFiles: e(1701, '每次最多选择3个文件', 'At most 3 files at a time'),
  uploadTooLarge: e(1702, '单个文件超过2GB，已取消上传', 'Single file exceeds 2GB, upload cancelled'),
  uploadBadExtension: e(1703, '文件类型不支持', 'This file type is not supported'),
  uploadAppExists: e(1704, '应用已存在', 'Application already exists'),
  uploadFileBusy: e(1705, '正在推送或安装的文件不能删除', 'Files being pushed or installed cannot be deleted'),
  uploadPathMissing: e(1706, '文件路径不存在', 'The file path is missing'),
  packageParseError: e(1707, '安装包解析错误，请重新选择上传文件', 'Package parse error, please reselect upload file'),
  multipleUploadUnsupported: e(1708, '不支持多文件上传', 'Multiple file upload is not supported'),
  uploadQuotaExceeded: e(
    1709,
    '存储空间不足，请删除部分文件后再上传',
    'Not enough storage space: delete some files first',
  ),
  uploadChecksumMismatch: e(1710, '文件校验失败，请重新上传', 'File verification failed, please upload again'),
  fileNotFound: e(1711, '文件不存在', 'The file does not exist'),
  pushTooManyDevices: e(1712, '所选设备数量超出上限', 'Too many devices are selected'),

  // — ADB (issue 35)
  adbKeyInvalid: e(
    2001,
    '公钥格式不正确，请粘贴 ~/.android/adbkey.pub 的内容',
    'Not an ADB public key: paste the contents of ~/.android/adbkey.pub',
  ),
  adbKeyExists: e(2002, '该公钥已添加', 'This key has already been added'),
  adbKeysFull: e(2003, '最多添加10个公钥', 'At most 10 keys can be added'),
  adbUnavailable: e(2004, '该设备所在主机未开放 ADB', 'ADB is not available on this device’s host'),
  adbPortsExhausted: e(2005, 'ADB 端口已用完，请稍后再试', 'No ADB port is free now, please try again later'),
} as const satisfies Record<string, CatalogueEntry>;
