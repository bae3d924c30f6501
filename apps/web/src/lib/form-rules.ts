import { ERRORS, errorMessage, type ErrorKey } from '@cloudphone/contracts/errors';
import { currentLanguage } from './i18n/index';

/** A contracts schema, seen only as far as a form needs it: its issue messages are catalogue keys. */
interface Schema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

/** The text of a schema issue: the catalogue message its key names, in the current language. */
export function issueText(message: string): string {
  return message in ERRORS ? errorMessage(message as ErrorKey, currentLanguage()) : message;
}

/** A form rule that checks a field against a contracts schema, so form and server say the same thing. */
export function schemaRule(schema: Schema) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      const issue = result.error?.issues[0];
      if (issue) throw new Error(issueText(issue.message));
    },
  };
}
