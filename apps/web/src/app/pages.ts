import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;

/**
 * Which component draws each route. Pages load on demand; a route not listed here shows the
 * "not available yet" page until the issue that builds it lands.
 */
export const PAGES: Record<string, Page> = {
  home: lazy(() => import('../features/phones/routes/HomePage')),
  '404': lazy(() => import('../features/errors/routes/NotFoundPage')),
  aboutUs: lazy(() => import('../features/about/routes/AboutUsPage')),
  agreement: lazy(() => import('../features/agreements/routes/AgreementPage')),
  userAgreement: lazy(() => import('../features/agreements/routes/AgreementPage')),
  privacyAgreement: lazy(() => import('../features/agreements/routes/AgreementPage')),
  systemSetting: lazy(() => import('../features/settings/routes/SystemSettingPage')),
  installPwa: lazy(() => import('../features/pwa/routes/InstallPwaPage')),
  login: lazy(() => import('../features/auth/routes/LoginPage')),
  forgetPassword: lazy(() => import('../features/auth/routes/ForgetPasswordPage')),
  profile: lazy(() => import('../features/account/routes/ProfilePage')),
  personalCenter: lazy(() => import('../features/account/routes/PersonalCenterPage')),
  passwordManager: lazy(() => import('../features/account/routes/PasswordManagerPage')),
  mobilePhoneBinding: lazy(() => import('../features/account/routes/MobilePhoneBindingPage')),
  cancelAccount: lazy(() => import('../features/account/routes/CancelAccountPage')),
  manageGroup: lazy(() => import('../features/phones/routes/ManageGroupPage')),
  phoneGroupSetting: lazy(() => import('../features/phones/routes/PhoneGroupSettingPage')),
  movePhoneToGroup: lazy(() => import('../features/phones/routes/MovePhoneToGroupPage')),
  batchOperation: lazy(() => import('../features/phones/routes/BatchOperationPage')),
  'phone-view': lazy(() => import('../features/phone-view/routes/PhoneViewPage')),
  'phone-view-switch': lazy(() => import('../features/phone-view/routes/PhoneViewSwitchPage')),
  addPhone: lazy(() => import('../features/commerce/routes/AddPhonePage')),
  rechargePhone: lazy(() => import('../features/commerce/routes/RechargePhonePage')),
  rechargeSinglePhone: lazy(() => import('../features/commerce/routes/RechargeSinglePhonePage')),
  upgradeSelectPhone: lazy(() => import('../features/commerce/routes/UpgradeSelectPhonePage')),
  upgradePhone: lazy(() => import('../features/commerce/routes/UpgradePhonePage')),
  payment: lazy(() => import('../features/commerce/routes/PaymentPage')),
  paymentResult: lazy(() => import('../features/commerce/routes/PaymentResultPage')),
  orderList: lazy(() => import('../features/commerce/routes/OrderListPage')),
  activationCode: lazy(() => import('../features/commerce/routes/ActivationCodePage')),
  addCode: lazy(() => import('../features/commerce/routes/AddCodePage')),
  codeRecord: lazy(() => import('../features/commerce/routes/CodeRecordPage')),
  renewCode: lazy(() => import('../features/commerce/routes/RenewCodePage')),
  myCoupon: lazy(() => import('../features/commerce/routes/MyCouponPage')),
  fileManager: lazy(() => import('../features/files/routes/FileManagerPage')),
};

export const NotAvailablePage = lazy(() => import('../components/NotAvailablePage'));
