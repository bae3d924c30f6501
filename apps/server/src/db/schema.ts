import type { Generated } from 'kysely';

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
  user_phone: UserPhoneTable;
  phone_group: PhoneGroupTable;
  package: PackageTable;
  trade_order: TradeOrderTable;
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
}

export interface TenantTable {
  id: number;
  name: string;
  created_at: number;
}

export interface ClientTable {
  id: Generated<number>;
  tenant_id: number;
  client_no: string;
  name: string;
  logo_url: string;
  theme: string;
  platform: string;
  ai_mode: number;
  created_at: number;
  /** The logo in the blob store (issue 22); null: the product's own. */
  logo_sha256: string | null;
}

export interface ClientFunctionTable {
  client_id: number;
  function_key: string;
  name: string;
  props: string;
  enable: number;
  sort: number;
}

export interface ClientConfigTable {
  client_id: number;
  config_key: string;
  value: string;
}

export interface TenantConfigTable {
  tenant_id: number;
  config_key: string;
  value: string;
}

export interface AgreementTable {
  id: Generated<number>;
  client_id: number;
  type: number;
  /** JSON texts by language: `{ "zh-CN": …, "en-US": … }` (see CatalogueText). */
  name: string;
  content: string;
  update_time: number;
}

export interface AdvertisementTable {
  id: Generated<number>;
  tenant_id: number;
  position: number;
  platform_no: string;
  title: string;
  image_url: string;
  link_url: string;
  sort: number;
  enabled: number;
}

export interface CustomerServiceTable {
  client_id: number;
  qr_code_url: string;
  link: string;
  work_time: string;
  /** A QR picture the admin CLI keeps in the blob store, served under the client's brand (issue 24). */
  qr_code_sha256: string | null;
}

export interface DeviceGradeTable {
  id: Generated<number>;
  tenant_id: number;
  code: string;
  /** JSON texts by language: `{ "zh-CN": …, "en-US": … }` (see CatalogueText). */
  name: string;
  cpu_cores: number;
  memory_gb: number;
  storage_gb: number;
  android_version: string;
  sort: number;
  enabled: number;
  day_price_cents: Generated<number>;
  stock: number | null;
}

export interface UserTable {
  id: Generated<number>;
  tenant_id: number;
  user_no: string;
  mobile: string;
  nickname: string;
  avatar: string;
  password_hash: string | null;
  /** active | unregistered */
  status: string;
  register_time: number;
  mobile_changed_at: number | null;
  /** zh-CN | en-US, from the app's language switch; null until the user picks one. */
  language: string | null;
  /** The language the app showed at the account's first login (issue 22): its phones' until it chooses one. */
  first_language: string | null;
}

export interface SmsCodeTable {
  id: Generated<number>;
  tenant_id: number;
  mobile: string;
  scene: number;
  code_hash: string;
  ip: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface LoginSessionTable {
  id: Generated<number>;
  user_id: number;
  tenant_id: number;
  client_id: number;
  device_id: string;
  user_agent: string;
  ip: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface RefreshTokenTable {
  token_hash: string;
  session_id: number;
  created_at: number;
  replaced_at: number | null;
}

export interface AuthCodeTable {
  code_hash: string;
  tenant_id: number;
  client_id: number;
  mobile: string;
  expires_at: number;
  used_at: number | null;
}

export interface DeviceHostTable {
  id: Generated<number>;
  name: string;
  public_url: string;
  registered_at: number;
}

export interface UserPhoneTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  device_host_id: number;
  instance_no: string;
  /** The name its owner gave it; '' while it goes by its number. */
  name: string;
  /** The number of a server-made name ("云手机 5" / "Cloud phone 5"); null once renamed. */
  name_no: number | null;
  group_id: number | null;
  expire_time: number;
  trial: number;
  created_at: number;
  grade_id: number | null;
  /** Null while the host has not made the instance yet (the recovery job finishes it). */
  provisioned_at: number | null;
  /** Counts changes of the phone's locks; its host keeps the highest it heard (issue 20). */
  policy_version: Generated<number>;
}

export interface PhoneGroupTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  name: string;
  created_at: number;
}

export interface PackageTable {
  id: Generated<number>;
  tenant_id: number;
  grade_id: number;
  /** JSON texts by language: `{ "zh-CN": …, "en-US": … }` (see CatalogueText). */
  name: string;
  duration_days: number;
  price_cents: number;
  usage: string;
  trial: number;
  enabled: Generated<number>;
  sort: Generated<number>;
}

export interface TradeOrderTable {
  id: Generated<number>;
  order_no: string;
  tenant_id: number;
  user_id: number;
  sku_type: string;
  grade_id: number;
  package_id: number | null;
  device_count: number;
  duration_days: number;
  original_price_cents: number;
  discount_cents: number;
  pay_price_cents: number;
  coupon_id: number | null;
  status: string;
  pay_type: string | null;
  pay_time: number | null;
  pay_token: string | null;
  remark: Generated<string>;
  phone_ids: Generated<string>;
  created_at: number;
  pay_deadline: number;
  idempotency_key: string | null;
  /** When the time it delivered runs out (spec §4 "expired"); null until delivered. */
  ends_at: number | null;
  /** The client it was placed in, whose wallets take its money (issue 25); null for older orders. */
  client_id: number | null;
}

export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  at: number;
}

export interface PaymentNoticeTable {
  id: Generated<number>;
  provider: string;
  transaction_id: string;
  order_id: number;
  at: number;
}

/** A customer sent to a wallet to pay an order: what the payments job asks that wallet about (issue 25). */
export interface PaymentAttemptTable {
  order_id: number;
  provider: string;
  started_at: number;
  checked_at: number | null;
}

/** Money paid back through a wallet: our refund number, and the wallet's answer (issue 25). */
export interface PaymentRefundTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  /** `operator`: the order refunded from the admin CLI; `late`: a payment the order no longer wanted. */
  kind: string;
  refund_no: string;
  provider_refund_id: string | null;
  amount_cents: number;
  status: string;
  reason: string;
  created_at: number;
  settled_at: number | null;
}

export interface ActivationCodeTable {
  id: Generated<number>;
  tenant_id: number;
  code: string;
  package_id: number;
  usage: string;
  batch_no: string;
  valid_until: number;
  used_by: number | null;
  used_at: number | null;
  used_usage: string | null;
  phone_ids: Generated<string>;
  created_at: number;
}

export interface RedeemCodeTable {
  id: Generated<number>;
  tenant_id: number;
  code: string;
  coupons: string;
  valid_until: number;
  used_by: number | null;
  used_at: number | null;
  created_at: number;
}

export interface CouponTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  kind: string;
  /** JSON texts by language: `{ "zh-CN": …, "en-US": … }` (see CatalogueText). */
  name: string;
  amount_cents: number;
  rate_percent: number;
  max_discount_cents: number;
  extension_days: number;
  min_amount_cents: number;
  valid_from: number;
  valid_until: number;
  status: string;
  order_id: number | null;
  source: string;
  created_at: number;
}

export interface GiftBagClaimTable {
  tenant_id: number;
  user_id: number;
  at: number;
}

export interface PhoneGrantTable {
  id: Generated<number>;
  tenant_id: number;
  user_phone_id: number;
  grantor_id: number;
  /** Null while a grant code waits to be redeemed. */
  grantee_id: number | null;
  permission: string;
  days: number;
  expire_time: number;
  created_at: number;
  /** The code to redeem (a code grant); a cleared code is replaced by a new one. */
  grant_code: string | null;
  /** The phone while the grant lives, null once it ended: unique, so a phone has one live grant. */
  live_phone_id: number | null;
  redeemed_at: number | null;
  /** When it ended early (taken back, cancelled, the phone transferred); a lapsed grant keeps null. */
  revoked_at: number | null;
  end_reason: string | null;
}

/** Written first by every grant to an account, so grants to one account queue (spec §9: at most 20). */
export interface GranteeHoldTable {
  grantee_id: number;
  grants: number;
}

export interface PhoneReplacementTable {
  id: Generated<number>;
  tenant_id: number;
  user_phone_id: number;
  user_id: number;
  replace_type: number;
  from_host_id: number;
  from_instance_no: string;
  to_host_id: number;
  to_instance_no: string;
  /** pending | done | failed */
  status: string;
  created_at: number;
  finished_at: number | null;
}

export interface TrialClaimTable {
  tenant_id: number;
  user_id: number;
  order_id: number;
}

/** A host task the server started (issue 21): the one record of its state, moved on by its events. */
export interface HostTaskTable {
  task_id: string;
  kind: string;
  user_phone_id: number;
  device_host_id: number;
  instance_no: string;
  state: string;
  progress: number;
  stage: string | null;
  reason: string | null;
  created_at: number;
  updated_at: number;
}

/** The one durable delivery to hosts (DESIGN §10): ends of access and changes of a phone's locks. */
export interface HostOutboxTable {
  id: Generated<number>;
  /** `revoke` (an end of access) or `phone-state` (the phone's locks changed: its whole state goes). */
  kind: Generated<string>;
  user_phone_id: number;
  device_host_id: number;
  instance_no: string;
  /** Null: every key of the phone; else only this user's. */
  user_id: number | null;
  reason: string;
  at: number;
  delivered_at: number | null;
}

export interface ThrottleCounterTable {
  scope: string;
  subject: string;
  hits: number;
  window_ends_at: number;
}

export interface UserFileTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  upload_id: string;
  batch_id: string;
  kind: string;
  name: string;
  size: number;
  expected_sha256: string;
  sha256: string | null;
  /** uploading | ready | failed */
  state: string;
  package_name: string | null;
  label: string | null;
  version_name: string | null;
  version_code: number | null;
  icon: string | null;
  app_key: string | null;
  active_pushes: Generated<number>;
  created_at: number;
  finished_at: number | null;
  deleted_at: number | null;
}

export interface UserStorageTable {
  user_id: number;
  used_bytes: number;
}

export interface FilePushTable {
  id: Generated<number>;
  batch_id: string;
  tenant_id: number;
  user_id: number;
  user_file_id: number;
  user_phone_id: number;
  install: number;
  state: string;
  reason: string | null;
  progress: number;
  task_id: string;
  created_at: number;
  updated_at: number;
}

export interface PhoneLockTable {
  user_phone_id: number;
  kind: string;
  holder: string;
  locked_at: number;
  expires_at: number;
}

export interface PhoneTransferTable {
  id: Generated<number>;
  tenant_id: number;
  transfer_no: string;
  from_user_id: number;
  to_user_id: number;
  from_account: string;
  to_account: string;
  status: string;
  reason: string | null;
  created_at: number;
  updated_at: number;
}

export interface PhoneTransferItemTable {
  transfer_id: number;
  user_phone_id: number;
  from_name: string;
  from_name_no: number | null;
  to_name_no: number | null;
}

export interface PhoneTransferEventTable {
  id: Generated<number>;
  transfer_id: number;
  status: string;
  at: number;
}

export interface NewMachineRecordTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  user_phone_id: number;
  phone_name: string;
  phone_name_no: number | null;
  task_id: string;
  brand: string | null;
  status: string;
  reason: string | null;
  before_identity: string;
  after_identity: string | null;
  started_at: number | null;
  created_at: number;
  finished_at: number | null;
}

export interface PhoneTemplateTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  name: string;
  user_phone_id: number;
  device_host_id: number;
  instance_no: string;
  snapshot_id: string;
  task_id: string;
  android: string;
  state: string;
  progress: Generated<number>;
  size: Generated<number>;
  created_at: number;
  expire_at: number;
  purged_at: number | null;
  /** The snapshot as a blob, once a clone needed it on another host (issue 21). */
  snapshot_sha256: string | null;
  snapshot_size: number | null;
}

export interface PhoneCloneTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  template_id: number;
  new_machine: number;
  created_at: number;
  expire_at: number;
}

export interface PhoneCloneTargetTable {
  id: Generated<number>;
  clone_id: number;
  user_phone_id: number;
  device_host_id: number;
  instance_no: string;
  task_id: string;
  state: string;
  progress: Generated<number>;
  reason: string | null;
  finished_at: number | null;
}

/** A message of a user (issue 24): a kind and its parameters (JSON), written in the reader's language when read. */
export interface MessageTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  /** system | assistant */
  type: string;
  kind: string;
  params: string;
  /** Keeps one message per event (a phone's expiry notice per threshold and expiry time). */
  dedupe_key: string | null;
  read_at: number | null;
  created_at: number;
}

/** A merchant's key for its own systems' signed calls (the open API). */
export interface MerchantKeyTable {
  access_key: string;
  tenant_id: number;
  secret_key: string;
  created_at: number;
}

/** A signature a merchant call used, remembered until its request time is out of the accepted window. */
export interface MerchantSignatureTable {
  access_key: string;
  signature: string;
  expires_at: number;
}
