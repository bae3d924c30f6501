import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PushRecord, PushState } from '@cloudphone/contracts/files';
import type { PushEvent } from '@cloudphone/contracts/live-events';
import { fileKeys } from '../api/files';
import { applyPushEvent, summarise } from './push-records';

const record = (pushId: number, state: PushState, progress = 0): PushRecord => ({
  pushId,
  batchId: 'b1',
  fileId: 1,
  fileName: 'game.apk',
  kind: 'app',
  userPhoneId: pushId,
  install: true,
  state,
  progress,
  reason: null,
  createdAt: 0,
  updatedAt: 0,
});
const event = (pushId: number, state: PushState, progress: number): PushEvent => ({
  type: 'file.push',
  pushId,
  batchId: 'b1',
  fileId: 1,
  userPhoneId: pushId,
  state,
  progress,
  reason: null,
});

function cacheWith(list: PushRecord[]) {
  const client = new QueryClient();
  client.setQueryData(fileKeys.push('b1'), { list, total: list.length });
  const states = () => client.getQueryData<{ list: PushRecord[] }>(fileKeys.push('b1'))!.list.map((r) => r.state);
  return { client, states };
}

describe('push progress from live events', () => {
  it('moves a pair on, and never back from a state it rests in to one it passed', () => {
    const { client, states } = cacheWith([record(1, 'pushing'), record(2, 'pushing')]);
    applyPushEvent(client, event(1, 'installing', 50));
    applyPushEvent(client, event(1, 'install_success', 100));
    applyPushEvent(client, event(1, 'installing', 75)); // a late progress event of the same pair
    expect(states()).toEqual(['install_success', 'pushing']);
    applyPushEvent(client, event(1, 'waiting_push', 0)); // a retry starts it over
    expect(states()).toEqual(['waiting_push', 'pushing']);
  });

  it('says a batch is over, and how many phones failed', () => {
    expect(summarise([record(1, 'install_success'), record(2, 'push_failed')])).toEqual({
      total: 2,
      done: 2,
      failed: 1,
      running: false,
    });
    expect(summarise([record(1, 'installing')]).running).toBe(true);
  });
});
