import type { FileKind } from '@cloudphone/contracts/files';

// A file of a user's library as the user-file repository reads it: its fields, what an app's package
// says of itself, the columns of user_file they come from, and the key that keeps one app (package
// and version) once in a user's library.

export interface UserFileRow {
  id: number;
  tenantId: number;
  userId: number;
  uploadId: string;
  batchId: string;
  kind: FileKind;
  name: string;
  size: number;
  expectedSha256: string;
  sha256: string | null;
  state: 'uploading' | 'ready' | 'failed';
  packageName: string | null;
  label: string | null;
  versionName: string | null;
  versionCode: number | null;
  icon: string | null;
  activePushes: number;
  createdAt: number;
  deletedAt: number | null;
}

/** What the package of an app says of itself. */
export interface AppFacts {
  packageName: string;
  label: string;
  versionName: string;
  versionCode: number;
  icon: string | null;
}

export const userFileColumns = [
  'id',
  'tenant_id as tenantId',
  'user_id as userId',
  'upload_id as uploadId',
  'batch_id as batchId',
  'kind',
  'name',
  'size',
  'expected_sha256 as expectedSha256',
  'sha256',
  'state',
  'package_name as packageName',
  'label',
  'version_name as versionName',
  'version_code as versionCode',
  'icon',
  'active_pushes as activePushes',
  'created_at as createdAt',
  'deleted_at as deletedAt',
] as const;

/** An app's key in a user's library: its package at its version. */
export function appKey(packageName: string, versionCode: number): string {
  return `${packageName}@${versionCode}`;
}
