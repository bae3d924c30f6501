import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;
type PageModule = Promise<{ default: ComponentType }>;

const loaders = new Map<Page, () => PageModule>();

/** A page that loads on demand, and whose code can be fetched ahead (`preloadPage`). */
function page(load: () => PageModule): Page {
  const component = lazy(load);
  loaders.set(component, load);
  return component;
}

/**
 * Which component draws each route. Pages load on demand; a route not listed here shows the
 * "not available yet" page until the issue that builds it lands.
 */
export const PAGES: Record<string, Page> = {
  home: page(() => import('../features/phones/routes/HomePage')),
  '404': page(() => import('../features/errors/routes/NotFoundPage')),
  aboutUs: page(() => import('../features/about/routes/AboutUsPage')),
  agreement: page(() => import('../features/agreements/routes/AgreementPage')),
  userAgreement: page(() => import('../features/agreements/routes/AgreementPage')),
  privacyAgreement: page(() => import('../features/agreements/routes/AgreementPage')),
  systemSetting: page(() => import('../features/settings/routes/SystemSettingPage')),
  installPwa: page(() => import('../features/pwa/routes/InstallPwaPage')),
  login: page(() => import('../features/auth/routes/LoginPage')),
  forgetPassword: page(() => import('../features/auth/routes/ForgetPasswordPage')),
  profile: page(() => import('../features/account/routes/ProfilePage')),
  personalCenter: page(() => import('../features/account/routes/PersonalCenterPage')),
  passwordManager: page(() => import('../features/account/routes/PasswordManagerPage')),
  mobilePhoneBinding: page(() => import('../features/account/routes/MobilePhoneBindingPage')),
  cancelAccount: page(() => import('../features/account/routes/CancelAccountPage')),
  manageGroup: page(() => import('../features/phones/routes/ManageGroupPage')),
  phoneGroupSetting: page(() => import('../features/phones/routes/PhoneGroupSettingPage')),
  movePhoneToGroup: page(() => import('../features/phones/routes/MovePhoneToGroupPage')),
  batchOperation: page(() => import('../features/phones/routes/BatchOperationPage')),
  transferDevice: page(() => import('../features/phones/routes/TransferDevicePage')),
  transferList: page(() => import('../features/phones/routes/TransferListPage')),
  newMachine: page(() => import('../features/phones/routes/NewMachinePage')),
  'phone-view': page(() => import('../features/phone-view/routes/PhoneViewPage')),
  'phone-view-switch': page(() => import('../features/phone-view/routes/PhoneViewSwitchPage')),
  addPhone: page(() => import('../features/commerce/routes/AddPhonePage')),
  rechargePhone: page(() => import('../features/commerce/routes/RechargePhonePage')),
  rechargeSinglePhone: page(() => import('../features/commerce/routes/RechargeSinglePhonePage')),
  upgradeSelectPhone: page(() => import('../features/commerce/routes/UpgradeSelectPhonePage')),
  upgradePhone: page(() => import('../features/commerce/routes/UpgradePhonePage')),
  payment: page(() => import('../features/commerce/routes/PaymentPage')),
  paymentResult: page(() => import('../features/commerce/routes/PaymentResultPage')),
  orderList: page(() => import('../features/commerce/routes/OrderListPage')),
  activationCode: page(() => import('../features/commerce/routes/ActivationCodePage')),
  addCode: page(() => import('../features/commerce/routes/AddCodePage')),
  codeRecord: page(() => import('../features/commerce/routes/CodeRecordPage')),
  renewCode: page(() => import('../features/commerce/routes/RenewCodePage')),
  myCoupon: page(() => import('../features/commerce/routes/MyCouponPage')),
  fileManager: page(() => import('../features/files/routes/FileManagerPage')),
  authorizationManager: page(() => import('../features/grants/routes/AuthorizationManagerPage')),
  authorizationCode: page(() => import('../features/grants/routes/AuthorizationCodePage')),
  useAuthorizationCode: page(() => import('../features/grants/routes/UseAuthorizationCodePage')),
  authorizedDevice: page(() => import('../features/grants/routes/AuthorizedDevicePage')),
  changePhone: page(() => import('../features/phones/routes/ChangePhonePage')),
  chooseDevice: page(() => import('../features/phones/routes/ChooseDevicePage')),
  templates: page(() => import('../features/templates/routes/TemplateListPage')),
  clone: page(() => import('../features/templates/routes/ClonePage')),
  cloneRecords: page(() => import('../features/templates/routes/CloneRecordsPage')),
  messageCenter: page(() => import('../features/messages/routes/MessageCenterPage')),
  messageDetaile: page(() => import('../features/messages/routes/MessageDetailPage')),
  customerService: page(() => import('../features/support/routes/CustomerServicePage')),
  syncControl: page(() => import('../features/sync/routes/SyncControlPage')),
  adbKeys: page(() => import('../features/adb/routes/AdbKeysPage')),
  discover: page(() => import('../features/discover/routes/DiscoverPage')),
  gameList: page(() => import('../features/discover/routes/GameListPage')),
  singlePage: page(() => import('../features/discover/routes/SinglePagePage')),
  homeGuide: page(() => import('../features/guides/routes/HomeGuidePage')),
  sdkGuide: page(() => import('../features/guides/routes/SdkGuidePage')),
  download: page(() => import('../features/guides/routes/DownloadPage')),
};

export const NotAvailablePage = lazy(() => import('../components/NotAvailablePage'));

/** Starts downloading a page's code, so it arrives while other start-up work (locale, client look-up) runs. */
export function preloadPage(name: string): void {
  const component = PAGES[name];
  const load = component && loaders.get(component);
  if (load) load().catch(() => undefined);
}
