import type { Generated } from 'kysely';

// Users, their sign-ins and the counters that throttle them.

export interface UserTable {
  id: Generated<number>;
  tenant_id: number;
  user_no: string;
  mobile: string;
  nickname: string;
  avatar: string;
  password_hash: string | null;
  /** active | disabled (by an operator, issue 63) | unregistered */
  status: string;
  register_time: number;
  mobile_changed_at: number | null;
  /** zh-CN | en-US, from the app's language switch; null until the user picks one. */
  language: string | null;
  /** The language the app showed at the account's first login (issue 22): its phones' until it chooses one. */
  first_language: string | null;
  /** 1 once the account has been through the first-login guide (issue 55). */
  home_guide_seen: Generated<number>;
  /** The data saver, kbps (issue 58): null follows the tenant's default, 0 is none. */
  data_saver_kbps: number | null;
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

export interface ThrottleCounterTable {
  scope: string;
  subject: string;
  hits: number;
  window_ends_at: number;
}
