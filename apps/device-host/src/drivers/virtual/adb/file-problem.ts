/** Linux's error numbers (adb's sync protocol sends them as they are) and their strerror texts. */
export const Errno = {
  ENOENT: 2,
  EIO: 5,
  EACCES: 13,
  EEXIST: 17,
  ENOTDIR: 20,
  EISDIR: 21,
  EINVAL: 22,
  ENOSPC: 28,
  EROFS: 30,
  ENOTEMPTY: 39,
} as const;
export type ErrnoName = keyof typeof Errno;

const TEXT: Record<ErrnoName, string> = {
  ENOENT: 'No such file or directory',
  EIO: 'I/O error',
  EACCES: 'Permission denied',
  EEXIST: 'File exists',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  EINVAL: 'Invalid argument',
  ENOSPC: 'No space left on device',
  EROFS: 'Read-only file system',
  ENOTEMPTY: 'Directory not empty',
};

/** A file operation the phone refuses, as the kernel would say it. */
export class FileProblem extends Error {
  constructor(readonly code: ErrnoName) {
    super(TEXT[code]);
  }

  get errno(): number {
    return Errno[this.code];
  }
}
