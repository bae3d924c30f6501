import type {
  TenantTable,
  ClientTable,
  ClientFunctionTable,
  ClientConfigTable,
  TenantConfigTable,
  AgreementTable,
  AdvertisementTable,
  CustomerServiceTable,
} from './tables/tenancy';
import type { OperatorTable, AuditEntryTable } from './tables/operators';
import type { CmsPageTable, GameTable, GamePinTable, AnalyticsEventTable, KeyMapTable } from './tables/discover';
import type {
  UserTable,
  SmsCodeTable,
  LoginSessionTable,
  RefreshTokenTable,
  AuthCodeTable,
  ThrottleCounterTable,
} from './tables/accounts';
import type {
  DeviceGradeTable,
  PackageTable,
  TradeOrderTable,
  OrderEventTable,
  PaymentNoticeTable,
  PaymentAttemptTable,
  PaymentRefundTable,
  ActivationCodeTable,
  RedeemCodeTable,
  CouponTable,
  GiftBagClaimTable,
  TrialClaimTable,
  BusinessDayTable,
} from './tables/commerce';
import type {
  AdbKeyTable,
  DeviceHostTable,
  HostDeliveryClaimTable,
  HostJoinTokenTable,
  SyncSessionTable,
  SyncMemberTable,
  UserPhoneTable,
  PhoneGroupTable,
  PhoneGrantTable,
  GranteeHoldTable,
  PhoneReplacementTable,
  PhoneLockTable,
  PhoneTransferTable,
  PhoneTransferItemTable,
  PhoneTransferEventTable,
  NewMachineRecordTable,
  PhoneTemplateTable,
  PhoneCloneTable,
  PhoneCloneTargetTable,
  HostTaskTable,
  HostOutboxTable,
} from './tables/phones';
import type { UserFileTable, UserStorageTable, FilePushTable, PushBatchKeyTable } from './tables/files';
import type { MessageTable, MerchantKeyTable, MerchantSignatureTable } from './tables/messages';

export type * from './tables/tenancy';
export type * from './tables/accounts';
export type * from './tables/commerce';
export type * from './tables/phones';
export type * from './tables/files';
export type * from './tables/messages';
export type * from './tables/operators';

/**
 * Table types. Flags are stored as 0/1 integers and times as epoch milliseconds, so the same rows
 * read back identically on SQLite and PostgreSQL; repositories turn them into booleans.
 */
export interface Database {
  tenant: TenantTable;
  client: ClientTable;
  client_function: ClientFunctionTable;
  client_config: ClientConfigTable;
  tenant_config: TenantConfigTable;
  agreement: AgreementTable;
  advertisement: AdvertisementTable;
  customer_service: CustomerServiceTable;
  device_grade: DeviceGradeTable;
  app_user: UserTable;
  sms_code: SmsCodeTable;
  login_session: LoginSessionTable;
  refresh_token: RefreshTokenTable;
  auth_code: AuthCodeTable;
  device_host: DeviceHostTable;
  host_delivery_claim: HostDeliveryClaimTable;
  host_join_token: HostJoinTokenTable;
  sync_session: SyncSessionTable;
  sync_member: SyncMemberTable;
  user_phone: UserPhoneTable;
  adb_key: AdbKeyTable;
  phone_group: PhoneGroupTable;
  package: PackageTable;
  trade_order: TradeOrderTable;
  business_day: BusinessDayTable;
  order_event: OrderEventTable;
  payment_notice: PaymentNoticeTable;
  payment_attempt: PaymentAttemptTable;
  payment_refund: PaymentRefundTable;
  activation_code: ActivationCodeTable;
  redeem_code: RedeemCodeTable;
  coupon: CouponTable;
  gift_bag_claim: GiftBagClaimTable;
  phone_grant: PhoneGrantTable;
  trial_claim: TrialClaimTable;
  host_outbox: HostOutboxTable;
  host_task: HostTaskTable;
  message: MessageTable;
  merchant_key: MerchantKeyTable;
  merchant_signature: MerchantSignatureTable;
  throttle_counter: ThrottleCounterTable;
  user_file: UserFileTable;
  user_storage: UserStorageTable;
  file_push: FilePushTable;
  push_batch_key: PushBatchKeyTable;
  phone_lock: PhoneLockTable;
  grantee_hold: GranteeHoldTable;
  phone_replacement: PhoneReplacementTable;
  phone_transfer: PhoneTransferTable;
  phone_transfer_item: PhoneTransferItemTable;
  phone_transfer_event: PhoneTransferEventTable;
  new_machine_record: NewMachineRecordTable;
  phone_template: PhoneTemplateTable;
  phone_clone: PhoneCloneTable;
  phone_clone_target: PhoneCloneTargetTable;
  cms_page: CmsPageTable;
  game: GameTable;
  game_pin: GamePinTable;
  key_map: KeyMapTable;
  analytics_event: AnalyticsEventTable;
  operator: OperatorTable;
  audit_entry: AuditEntryTable;
}
