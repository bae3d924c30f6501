import { create } from 'zustand';
import type { ActivationResult, ActivationState } from '@cloudphone/contracts/promotion';
import { parseActivationCodes, type ParsedCodes } from '@cloudphone/contracts/validation';

export type CodeUsage = 'buy' | 'renew';

/** `type` of the activation-code and add-code pages: 1 purchase, 2 renewal (spec §6 sends renewals with 2). */
export const codeTypeOf = (usage: CodeUsage) => (usage === 'renew' ? '2' : '1');
export const usageOfType = (type: string | null): CodeUsage => (type === '2' ? 'renew' : 'buy');

export interface CodeEntry {
  code: string;
  state: ActivationState;
  /** The phones the code made or renewed. */
  userPhoneIds: number[];
}

/**
 * The codes the user has added and not yet cleared, per use: the add-code page fills the list, the
 * activation page activates and shows it. Kept in memory only: codes are single use, not a draft.
 */
export const useActivationCodes = create<Record<CodeUsage, CodeEntry[]>>(() => ({ buy: [], renew: [] }));

const update = (usage: CodeUsage, change: (entries: CodeEntry[]) => CodeEntry[]) =>
  useActivationCodes.setState((s) => ({ [usage]: change(s[usage]) }));

/** Adds typed or pasted codes; repeats, also of codes already listed, are not added but counted (spec §5). */
export function addCodes(usage: CodeUsage, input: string): ParsedCodes {
  const parsed = parseActivationCodes(
    input,
    useActivationCodes.getState()[usage].map((e) => e.code),
  );
  update(usage, (entries) => [
    ...entries,
    ...parsed.codes.map((code) => ({ code, state: 'waiting' as const, userPhoneIds: [] })),
  ]);
  return parsed;
}

export function removeCode(usage: CodeUsage, code: string): void {
  update(usage, (entries) => entries.filter((e) => e.code !== code));
}

export function markActivating(usage: CodeUsage, codes: readonly string[]): void {
  update(usage, (entries) => entries.map((e) => (codes.includes(e.code) ? { ...e, state: 'activating' } : e)));
}

/** Each code's outcome; codes the server did not answer for go back to waiting. */
export function applyResults(usage: CodeUsage, codes: readonly string[], results: readonly ActivationResult[]): void {
  const byCode = new Map(results.map((r) => [r.code, r]));
  update(usage, (entries) =>
    entries.map((e) => {
      if (!codes.includes(e.code)) return e;
      const result = byCode.get(e.code);
      return result ? { ...e, state: result.state, userPhoneIds: result.userPhoneIds } : { ...e, state: 'waiting' };
    }),
  );
}

/** Clears the codes whose outcome is known, keeping those still to activate. */
export function clearSettled(usage: CodeUsage): void {
  update(usage, (entries) => entries.filter((e) => e.state === 'waiting'));
}
