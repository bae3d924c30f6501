import { describe, expect, it } from 'vitest';
import { ACTIVATION_STATES } from '@cloudphone/contracts/promotion';
import { activationRefusal, isSettled } from './activation-state';

describe('what an activated code came to (spec §4, §8)', () => {
  it('names each refusal with its catalogue message', () => {
    expect(activationRefusal('not_exist')).toBe('activationCodeNotExist');
    expect(activationRefusal('activated')).toBe('activationCodeUsed');
    expect(activationRefusal('expired')).toBe('activationCodeExpired');
    expect(activationRefusal('no_stock')).toBe('activationCodeNoStock');
    expect(activationRefusal('spec_mismatch')).toBe('activationCodeSpecMismatch');
    expect(activationRefusal('renewal_only')).toBe('activationCodeRenewalOnly');
    expect(activationRefusal('purchase_only')).toBe('activationCodePurchaseOnly');
    expect(activationRefusal('mixed_packages')).toBe('activationCodeMixedPackages');
  });

  it('has no refusal for a waiting, activating or successful code', () => {
    for (const state of ['waiting', 'activating', 'success'] as const) expect(activationRefusal(state)).toBeNull();
  });

  it('settles every state but waiting and activating', () => {
    const settled = ACTIVATION_STATES.filter(isSettled);
    expect(settled).not.toContain('waiting');
    expect(settled).not.toContain('activating');
    expect(settled).toHaveLength(ACTIVATION_STATES.length - 2);
  });
});
