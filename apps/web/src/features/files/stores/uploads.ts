import type { TFunction } from 'i18next';
import { create } from 'zustand';
import type { FileKind, UserFile } from '@cloudphone/contracts/files';

/** Where an upload is (spec §4): checking, waiting to upload, uploading, file verifying or parsing, then success or fail. */
export type UploadState = 'checking' | 'waiting' | 'uploading' | 'verifying' | 'parsing' | 'success' | 'failed';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  kind: FileKind;
  state: UploadState;
  /** 0..1 of the step under way (hashing, or sending). */
  progress: number;
  error?: string;
  file?: UserFile;
}

/** An upload that has ended, either way. */
export const uploadEnded = (item: UploadItem) => item.state === 'success' || item.state === 'failed';

/** Where an upload is, in words: its step, how far the step has come, and why it failed. */
export function uploadStateText(item: UploadItem, t: TFunction): string {
  const percent = item.state === 'uploading' || item.state === 'checking' ? ` ${Math.round(item.progress * 100)}%` : '';
  const why = item.state === 'failed' && item.error ? ` · ${item.error}` : '';
  return `${t(`files.upload.${item.state}`)}${percent}${why}`;
}

interface UploadsState {
  items: UploadItem[];
  add: (items: UploadItem[]) => void;
  update: (key: string, change: Partial<UploadItem>) => void;
  /** Forgets the uploads that have ended. */
  clearFinished: () => void;
}

/** The uploads of this session, shared by the phone view's upload sheet and the file manager. */
export const useUploads = create<UploadsState>((set) => ({
  items: [],
  add: (items) => set((s) => ({ items: [...items, ...s.items] })),
  update: (key, change) => set((s) => ({ items: s.items.map((i) => (i.key === key ? { ...i, ...change } : i)) })),
  clearFinished: () => set((s) => ({ items: s.items.filter((i) => !uploadEnded(i)) })),
}));
