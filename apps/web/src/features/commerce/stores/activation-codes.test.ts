import { beforeEach, describe, expect, it } from 'vitest';
import { addCodes, applyResults, clearSettled, markActivating, useActivationCodes } from './activation-codes';

const codes = (usage: 'buy' | 'renew') => useActivationCodes.getState()[usage].map((e) => [e.code, e.state]);

beforeEach(() => useActivationCodes.setState({ buy: [], renew: [] }));

describe('the list of activation codes to activate (spec §5)', () => {
  it('adds pasted codes once each and counts the duplicates', () => {
    expect(addCodes('buy', 'A, A B')).toEqual({ codes: ['A', 'B'], duplicateCount: 1 });
    expect(codes('buy')).toEqual([
      ['A', 'waiting'],
      ['B', 'waiting'],
    ]);
  });

  it('counts a code already in the list as a duplicate, and keeps purchase and renewal codes apart', () => {
    addCodes('buy', 'A');
    expect(addCodes('buy', 'A\nC')).toEqual({ codes: ['C'], duplicateCount: 1 });
    expect(addCodes('renew', 'A')).toEqual({ codes: ['A'], duplicateCount: 0 });
  });

  it('records each code’s outcome and puts unanswered codes back to waiting', () => {
    addCodes('buy', 'A B C');
    markActivating('buy', ['A', 'B']);
    expect(codes('buy')).toEqual([
      ['A', 'activating'],
      ['B', 'activating'],
      ['C', 'waiting'],
    ]);
    applyResults('buy', ['A', 'B'], [{ code: 'A', state: 'success', userPhoneIds: [7] }]);
    expect(useActivationCodes.getState().buy[0]).toEqual({ code: 'A', state: 'success', userPhoneIds: [7] });
    expect(codes('buy').slice(1)).toEqual([
      ['B', 'waiting'],
      ['C', 'waiting'],
    ]);
  });

  it('clears the codes whose outcome is known', () => {
    addCodes('buy', 'A B');
    applyResults('buy', ['A'], [{ code: 'A', state: 'not_exist', userPhoneIds: [] }]);
    clearSettled('buy');
    expect(codes('buy')).toEqual([['B', 'waiting']]);
  });
});
