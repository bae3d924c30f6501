import type { Language } from './locale';
import { ResponseCode } from './envelope';
import { errorEntry as e, type CatalogueEntry } from './error-entry';
import { PHONE_ERRORS } from './phone-errors';

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
  accountSuspended: e(
    1217,
    '账号已被停用，请联系客服',
    'This account has been suspended. Please contact customer service',
  ),

  // — cloud phones: using one, its locks, sync, replace, transfer, grant, clone, files, ADB (phone-errors.ts)
  ...PHONE_ERRORS,

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

  // — the console's operators (issue 62)
  operatorSignInFailed: e(2101, '账号、密码或动态码错误', 'Wrong login, password or one-time code'),
  operatorRoleForbidden: e(2102, '当前角色无权进行此操作', 'Your role cannot do this'),
  operatorLoginTaken: e(2103, '该登录名已被使用', 'This login is already taken'),
  operatorLoginInvalid: e(
    2104,
    '登录名为3-32位字母、数字、点、下划线或连字符',
    'A login is 3 to 32 letters, digits, dots, underscores or hyphens',
  ),
  operatorPasswordWeak: e(2105, '密码至少10位', 'The password must be at least 10 characters'),
  operatorNotFound: e(2106, '操作员不存在', 'The operator does not exist'),
  operatorSelfDisable: e(2107, '不能停用自己的账号', 'You cannot disable your own account'),
  customerNotFound: e(2108, '客户不存在', 'The customer does not exist'),
  platformOperatorOnly: e(2109, '设备主机仅由平台操作员管理', "Device hosts are run by the platform's operators only"),
  clientNotOfTenant: e(2110, '客户端不存在', 'The client does not exist'),
  walletSettingsInvalid: e(2111, '钱包配置有误：%s', 'The wallet settings are wrong: %s'),

  // — desktop client (spec §8)
  hotkeyConflict: e(1801, '热键冲突：该热键已被占用！', 'Hotkey conflict: This hotkey is already occupied!'),
  // — key maps (issue 65)
  keyMapTooManyControls: e(1802, '一个键位方案最多 %s 个按键', 'A key map holds at most %s controls'),
  keyMapOutsideScreen: e(1803, '第 %s 个按键超出了屏幕', 'Control %s reaches outside the screen'),
  keyMapKeyReserved: e(1804, '按键 %s 不能用于键位', 'The key %s cannot be mapped'),
  keyMapKeyTaken: e(1805, '按键 %s 已被其他按键使用', 'The key %s is already bound to another control'),
  keyMapControlInvalid: e(1806, '第 %s 个按键的设置有误', 'Control %s has a setting out of range'),
  keyMapsFull: e(
    1807,
    '最多保存 %s 套键位，请先删除不用的键位',
    'You keep at most %s key maps: delete one you no longer use',
  ),
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorKey = keyof typeof ERRORS;

/** Refusals whose text sends the user to customer service: the app offers the way there with them (issue 24). */
export const CONTACT_CUSTOMER_SERVICE: readonly ErrorKey[] = [
  'oldDomainNotice',
  'accountSuspended',
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
