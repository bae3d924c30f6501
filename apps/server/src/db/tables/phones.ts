import type { Generated } from 'kysely';

// Cloud phones, their hosts, and what is done to them: groups, grants, locks, transfers, replacements, templates, clones.

/** A sync session (issue 26): one user's main phone and followers, until it ends. */
export interface SyncSessionTable {
  id: string;
  tenant_id: number;
  user_id: number;
  main_user_phone_id: number;
  created_at: number;
  /** When the main last had a stream open; ten minutes without one ends the session. */
  main_seen_at: number;
  ended_at: number | null;
}

export interface SyncMemberTable {
  sync_id: string;
  user_phone_id: number;
  /** 1: a follower that does not follow for now. */
  paused: number;
  joined_at: number;
}

export interface DeviceHostTable {
  id: Generated<number>;
  name: string;
  public_url: string;
  registered_at: number;
  /** A joined host's own key (issue 32); null: the data folder's (the embedded host, `DEVICE_HOSTS`). */
  host_key: string | null;
  /** Where its host API is, when not at `public_url`. */
  api_url: Generated<string>;
  /** Phones it takes; null: no limit (the embedded host, `DEVICE_HOSTS`). */
  capacity: number | null;
  region: Generated<string>;
  adb_address: Generated<string>;
  adb_port_from: number | null;
  adb_port_to: number | null;
  /** Its last heartbeat; null for a host that does not beat. */
  last_seen_at: number | null;
  /** 1: no new phone goes to it (`host:drain`); its phones stay. */
  draining: Generated<number>;
  /** 1 or 0: whether its users were last told it is online (told once across the nodes); null: never. */
  told_online: number | null;
}

/** A join token of the admin CLI (issue 32), by its hash: one host joins with it once, before it expires. */
export interface HostJoinTokenTable {
  token_hash: string;
  name: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
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
  /** The port its ADB endpoint listens on while its owner has ADB on (issue 35); null: off. */
  adb_port: number | null;
  /** The client its owner switched ADB on in (its function switches apply to what ADB does). */
  adb_client_id: number | null;
  /** When its order was refunded: it no longer counts on its host (issue 60). */
  released_at: number | null;
  /** When its host freed what ran it (a device takes another phone then). */
  host_released_at: number | null;
}

export interface PhoneGroupTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  name: string;
  created_at: number;
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

/** Which node delivers a host's outbox rows now, until when unless it renews (issue 49). */
export interface HostDeliveryClaimTable {
  device_host_id: number;
  holder: string;
  until: number;
}

/** A public key an account lets `adb` into its phones with (issue 35). */
export interface AdbKeyTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The `adbkey.pub` line as the user pasted it (trimmed). */
  public_key: string;
  fingerprint: string;
  created_at: number;
}
