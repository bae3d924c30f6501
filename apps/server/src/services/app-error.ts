import type { ErrorKey } from '@cloudphone/contracts/errors';

/**
 * A refusal the user should see: a catalogue key (its code and texts live in contracts), optional
 * data for the client, and arguments for `%s` placeholders. Services throw these; the errors plugin
 * turns them into the envelope in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly data: unknown = null,
    readonly args: (string | number)[] = [],
  ) {
    super(key);
    this.name = 'AppError';
  }
}
