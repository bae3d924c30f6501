import type { Generated } from 'kysely';

// Users' uploaded files and their pushes to phones.

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

/** A push's idempotency key (issue 48): one batch per key and user. */
export interface PushBatchKeyTable {
  user_id: number;
  idempotency_key: string;
  batch_id: string;
  created_at: number;
}
