import type { Language, LocalizedText } from './locale';
import { ResponseCode } from './envelope';

interface CatalogueEntry extends LocalizedText {
  code: number;
}

const e = (code: number, zh: string, en: string): CatalogueEntry => ({ code, 'zh-CN': zh, 'en-US': en });

/**
 * The error catalogue: one key per message of spec §8 (and the messages of §5), each with its
 * response code and its zh-CN and en-US texts. The server answers `{ code, msg }` from here in
 * the caller's language; clients show the same texts for errors they detect themselves.
 *
 * Codes: transport codes of DESIGN §3 below 1001; 1001 invalid parameter; then one block per domain.
 */
export const ERRORS = {
  // — transport and auth (spec §8, DESIGN §3)
  duplicateRequest: e(
    ResponseCode.DUPLICATE_REQUEST,
    '请求正在处理中，请勿重复提交',
    'Request in progress, please do not resubmit',
  ),
  sessionInvalid: e(
    ResponseCode.SESSION_INVALID,
    '账号信息已过期，请重新登录',
    'Account information expired, please login again.',
  ),
  tokenExpired: e(ResponseCode.TOKEN_EXPIRED, '登录已过期，请重新登录！', 'Login expired, please login again!'),
  forbidden: e(ResponseCode.FORBIDDEN, '无权访问', 'Authorization failed'),
  notFound: e(ResponseCode.NOT_FOUND, '请求的资源不存在', 'Not found'),
  conflict: e(ResponseCode.CONFLICT, '数据已变更，请刷新后重试', 'The data has changed, please refresh and try again'),
  tooFrequent: e(ResponseCode.TOO_FREQUENT, '请勿频繁操作', 'Please do not operate frequently'),
  systemException: e(ResponseCode.SYSTEM_ERROR, '系统异常', 'System Exception'),
  invalidParameter: e(ResponseCode.INVALID_PARAMETER, '请求参数不正确', 'Invalid parameter'),
  networkError: e(1002, '网络异常，请检查网络连接', 'Network error, please check your connection'),
  requestTimeout: e(1003, '请求超时，请稍后重试', 'Request timed out, please try again'),
  gatewayError: e(1004, '网关错误，请稍后重试', 'Gateway error, please try again later'),
  interfaceNotFound: e(1005, '接口不存在', 'Interface not found'),
  authorizationFailed: e(1006, '授权失败', 'Authorization failed'),
  otherError: e(1007, '请求失败', 'Request failed'),
  uploadTimeout: e(1008, '上传超时', 'Upload timed out'),
  operationFailed: e(1009, '操作失败', 'Operation Failed'),
  downloadInterrupted: e(1010, '下载因未知原因中断！', 'Download interrupted for unknown reason!'),
  linkNotExist: e(1011, '链接不存在', 'Link does not exist.'),
  imageLoadFailed: e(1012, '图片加载失败', 'Image load failed'),
  deleteFailed: e(1013, '删除失败', 'Delete failed'),
  searchEmpty: e(1014, '搜索结果为空', 'No search results'),

  // — tenancy and client (spec §8)
  clientNotFound: e(1101, '客户端编号不存在', 'Client number does not exist'),
  tenantMismatch: e(1102, '租户信息无效', 'Tenant information is invalid'),
  useH5ClientNo: e(1103, '请使用h5客户端编号', 'Please use the h5 client number'),
  oldDomainNotice: e(
    1104,
    '当前域名即将失效，请访问新域名，或联系客服',
    'The current domain will expire soon. Please visit the new domain, or contact customer service',
  ),
  noCustomerService: e(1105, '暂无客服联系方式', 'No customer service contact'),
  clientNoUrl: e(1106, '客户端未配置地址', 'The client has no URL configured'),
  agreementNotFound: e(1107, '协议不存在', 'Agreement does not exist'),
  functionDisabled: e(1108, '该功能未开放', 'This function is not enabled'),
  // Discover (issue 29): a page or game the merchant took down, or one of another client.
  pageNotFound: e(1109, '内容不存在或已下架', 'This content does not exist or was taken down'),
  gameNotFound: e(1110, '游戏不存在或已下架', 'This game does not exist or was taken down'),
  // The admin CLI named a tenant that is not there (issue 48).
  tenantNotFound: e(1111, '租户不存在', 'No such tenant'),

  // — accounts (spec §5, §8)
  phoneIncorrect: e(1201, '手机号不正确！', 'Phone no is incorrect!'),
  passwordInvalid: e(1202, '密码不符合要求', 'Password does not meet requirements'),
  passwordMismatch: e(1203, '两次输入的密码不一致', 'The two passwords do not match'),
  nameInvalid: e(1204, '名称长度为1-20个字符', 'The name must be 1 to 20 characters'),
  smsCodeError: e(1205, '验证码错误', 'Verification code error'),
  smsCodeExpired: e(1206, '验证码已过期', 'Verification code expired'),
  smsSendFailed: e(1207, '验证码发送失败', 'Verification code send failed'),
  agreementRequired: e(1208, '请先阅读并勾选协议', 'Please read and accept the agreement first'),
  loginFailed: e(1209, '手机号或密码错误', 'Wrong phone number or password'),
  accountDisabled: e(1210, '账号已注销', 'This account has been cancelled'),
  loggedInElsewhere: e(1211, '账号已在其他设备登录', 'Logged in on another device'),
  mobileRebindTooSoon: e(1212, '30天内只能换绑一次手机号', 'The phone number can be changed once every 30 days'),
  mobileAlreadyBound: e(1213, '该手机号已绑定其他账号', 'This phone number is bound to another account'),
  oneClickLoginNotConfigured: e(1214, '一键登录未配置', 'One-click login is not configured'),
  authCodeInvalid: e(1215, '授权码无效或已过期', 'The authorization code is invalid or expired'),
  oldPasswordWrong: e(1216, '原密码错误', 'The current password is wrong'),

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

  // — commerce (spec §5, §8)
  activationCodeNotExist: e(1501, '激活码不存在', 'Activation code does not exist'),
  activationCodeExpired: e(1502, '激活码已过期', 'Activation code has expired'),
  activationCodeUsed: e(1503, '激活码已被激活', 'Activation code has been activated'),
  activationCodeNoStock: e(1504, '激活码暂无库存', 'Activation code has no stock'),
  activationCodeSpecMismatch: e(1505, '激活码规格不匹配', 'Activation code specification does not match'),
  activationCodeNotBound: e(1506, '激活码未绑定云手机', 'Activation code is not bound to a phone'),
  activationCodeInvalid: e(1507, '激活码为12位字母或数字', 'An activation code is 12 letters or digits'),
  activationCodeRenewalOnly: e(1508, '该激活码仅支持续费', 'This code supports renewal only'),
  activationCodePurchaseOnly: e(1509, '该激活码仅支持购买', 'This code supports purchase only'),
  activationCodeMixedPackages: e(1510, '一次续费只能使用同一种套餐的激活码', 'Only one package type per renewal batch'),
  packageQuantityIncorrect: e(1511, '套餐数量不正确', 'Package quantity incorrect'),
  conversionFailed: e(1512, '兑换失败', 'Conversion Failed'),
  productNotExist: e(1513, '商品不存在', 'Product does not exist'),
  redeemCodeEmpty: e(1514, '请输入兑换码', 'Please input the redeem code'),
  redeemCodeInvalid: e(1515, '兑换码为最多20位字母或数字', 'A redeem code is up to 20 letters or digits'),
  couponNotAvailable: e(1516, '优惠券不可用，请联系客服', 'Coupon not available, contact customer service'),
  couponNotYetUsable: e(1517, '优惠券尚未到可用时间', 'Coupon is not yet usable'),
  upgradeTooLittleTime: e(1518, '剩余时间不足1天，无法升级', 'Upgrade is not possible with under 1 day left'),
  upgradeHighest: e(1519, '当前已是最高套餐', 'The package is already the highest'),
  noUpgradablePhone: e(1520, '暂无可升级的云手机，请先购买', 'No upgradable phone, buy one first'),
  upgradeDurationInvalid: e(
    1521,
    '时长必须为整数，且差值不超过999天',
    'The duration must be a whole number and the difference at most 999 days',
  ),
  stockShortage: e(
    1522,
    '库存不足，购买可继续，稍后分配设备',
    'Stock shortage: the purchase may continue and allocation follows later',
  ),
  orderNotPayable: e(1523, '订单状态不可支付', 'The order cannot be paid in its current state'),
  orderNotFound: e(1524, '订单不存在', 'The order does not exist'),
  giftBagClaimed: e(1525, '礼包已领取', 'The gift bag has already been claimed'),
  payMethodUnavailable: e(1526, '该支付方式暂不可用', 'This payment method is not available'),
  trialUsed: e(1527, '每个账号仅可试用一次', 'Each account can take one trial only'),
  redeemCodeNotExist: e(1528, '兑换码不存在或已使用', 'The redeem code does not exist or has been used'),
  walletUnreachable: e(
    1529,
    '支付渠道暂时无法连接，请稍后再试',
    'The payment provider cannot be reached: try again shortly',
  ),
  refundFailed: e(1530, '退款未成功，请稍后重试', 'The refund did not go through: try again later'),

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

  // — messages and merchant broadcasts (issue 24)
  messageNotFound: e(1901, '消息不存在', 'The message does not exist'),
  broadcastLimit: e(1902, '广播发送过于频繁，请稍后再试', 'Too many broadcasts: try again later'),
  merchantSignatureInvalid: e(1903, '商户签名无效或已使用', 'The merchant signature is invalid or was already used'),
  assistantOff: e(1904, 'AI 助手未开启', 'The AI assistant is not available'),
  assistantFailed: e(
    1905,
    'AI 助手暂时无法回答，请稍后再试',
    'The AI assistant cannot answer now, please try again later',
  ),
  userNotFound: e(1906, '用户不存在', 'The user does not exist'),

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

  // — desktop client (spec §8)
  hotkeyConflict: e(1801, '热键冲突：该热键已被占用！', 'Hotkey conflict: This hotkey is already occupied!'),
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorKey = keyof typeof ERRORS;

/** Refusals whose text sends the user to customer service: the app offers the way there with them (issue 24). */
export const CONTACT_CUSTOMER_SERVICE: readonly ErrorKey[] = [
  'oldDomainNotice',
  'deviceUnavailable',
  'couponNotAvailable',
];
const CUSTOMER_SERVICE_CODES = new Set<number>(CONTACT_CUSTOMER_SERVICE.map((key) => ERRORS[key].code));
export const asksForCustomerService = (code: number): boolean => CUSTOMER_SERVICE_CODES.has(code);

/** The catalogue text of `key` in `language`, with `%s` replaced by `args` in order. */
export function errorMessage(key: ErrorKey, language: Language, ...args: (string | number)[]): string {
  let text: string = ERRORS[key][language];
  for (const arg of args) text = text.replace('%s', String(arg));
  return text;
}

/** The catalogue key of a response code, where exactly one key owns it. */
export function errorKeyForCode(code: number): ErrorKey | undefined {
  return (Object.keys(ERRORS) as ErrorKey[]).find((key) => ERRORS[key].code === code);
}
