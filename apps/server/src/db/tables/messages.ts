import type { Generated } from 'kysely';

// Messages to users, and the keys merchants sign their own calls with.

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
