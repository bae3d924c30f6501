import { describe, expect, it } from 'vitest';
import { SCREENSHOT_MAX_DEVICES } from '@cloudphone/contracts/limits';
import { batchRefusal, runBatch, type BatchResult } from './batch-run';

const phones = [1, 2, 3].map((id) => ({ userPhoneId: id, name: `Cloud phone ${id}` }));

describe('a batch operation', () => {
  it('takes screenshots of at most ten phones at a time', () => {
    expect(batchRefusal('screenshot', SCREENSHOT_MAX_DEVICES)).toBeNull();
    expect(batchRefusal('screenshot', SCREENSHOT_MAX_DEVICES + 1)).toBe('screenshotTooMany');
  });

  it('restarts or resets any number of phones', () => {
    expect(batchRefusal('reboot', 50)).toBeNull();
    expect(batchRefusal('reset', 50)).toBeNull();
  });

  it('goes on past a refused phone and reports each outcome in order', async () => {
    const seen: BatchResult[] = [];
    const results = await runBatch(
      phones,
      async (id) => {
        if (id === 2) throw new Error('Please do not operate frequently');
        return { taskId: `t${id}`, imageUrl: `data:image/png;base64,${id}` };
      },
      'Restart failed',
      (r) => seen.push(r),
    );
    expect(results).toEqual([
      { userPhoneId: 1, name: 'Cloud phone 1', ok: true, imageUrl: 'data:image/png;base64,1' },
      { userPhoneId: 2, name: 'Cloud phone 2', ok: false, message: 'Please do not operate frequently' },
      { userPhoneId: 3, name: 'Cloud phone 3', ok: true, imageUrl: 'data:image/png;base64,3' },
    ]);
    expect(seen).toEqual(results);
  });

  it('says the operation failed when the failure has no message of its own', async () => {
    const [result] = await runBatch(
      phones.slice(0, 1),
      () => Promise.reject(new Error('')),
      'Screenshot failed',
      () => {},
    );
    expect(result).toMatchObject({ ok: false, message: 'Screenshot failed' });
  });
});
