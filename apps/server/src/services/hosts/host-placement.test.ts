import { describe, expect, it } from 'vitest';
import { placePhones } from './host-placement';

describe('where new phones go (issue 32)', () => {
  it('fills the emptiest host for its size first, one phone at a time', () => {
    const small = { hostId: 1, capacity: 4, phones: 1 };
    const large = { hostId: 2, capacity: 20, phones: 2 };
    // 1 of 4 is fuller than 2 of 20: the large host takes phones until it is as full.
    expect(placePhones([small, large], 3)).toEqual([2, 2, 2]);
    expect(placePhones([small, large], 4)).toEqual([2, 2, 2, 1]);
  });

  it('never puts a phone on a full host, and places none when they cannot all fit', () => {
    expect(placePhones([{ hostId: 1, capacity: 2, phones: 1 }], 1)).toEqual([1]);
    expect(placePhones([{ hostId: 1, capacity: 2, phones: 1 }], 2)).toBeUndefined();
    expect(placePhones([], 1)).toBeUndefined();
  });

  it('counts a host without a capacity as 100 phones large, and never full', () => {
    const fixed = { hostId: 1, capacity: null, phones: 150 };
    const joined = { hostId: 2, capacity: 10, phones: 10 };
    expect(placePhones([fixed, joined], 2)).toEqual([1, 1]);
  });
});
