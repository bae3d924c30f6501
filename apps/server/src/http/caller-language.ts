import { AsyncLocalStorage } from 'node:async_hooks';
import { MOBILE_DEFAULT_LANGUAGE, textIn, type Language, type LocalizedText } from '@cloudphone/contracts/locale';

const answering = new AsyncLocalStorage<Language>();

/**
 * Runs a route handler answering in `language` (defineRoute does it for every call), so that the
 * services it reaches write server-made and catalogue texts in the caller's language without each
 * passing it along — as a request's locale is kept in Rails and Spring.
 */
export function answerIn<T>(language: Language, handler: () => T): T {
  return answering.run(language, handler);
}

/**
 * The language of the caller being answered: the one their account keeps, else the request's
 * Accept-Language (issue 10 §4). Outside a request (jobs, the admin CLI) the mobile default.
 */
export function callerLanguage(): Language {
  return answering.getStore() ?? MOBILE_DEFAULT_LANGUAGE;
}

/** A catalogue text (grade, package, coupon or agreement title) in the caller's language. */
export function inCallerLanguage(text: LocalizedText): string {
  return textIn(text, callerLanguage());
}
