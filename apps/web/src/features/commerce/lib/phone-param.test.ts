import { describe, expect, it } from 'vitest';
import { phoneIdsParam } from './phone-param';

describe('the phones a purchase page is sent with', () => {
  it('reads one phone or a list, once each', () => {
    expect(phoneIdsParam(new URLSearchParams('userPhoneId=3'))).toEqual([3]);
    expect(phoneIdsParam(new URLSearchParams('userPhoneIds=1,2,2'))).toEqual([1, 2]);
  });

  it('drops anything that is not a phone id', () => {
    expect(phoneIdsParam(new URLSearchParams('userPhoneIds=1,x,-2,0,2.5'))).toEqual([1]);
    expect(phoneIdsParam(new URLSearchParams(''))).toEqual([]);
  });
});
