import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CloneRecord, CloneTarget } from '@cloudphone/contracts/templates';
import { templateKeys } from './keys';
import { applyTemplateEvent } from './live-updates';

const target = (userPhoneId: number, state: CloneTarget['state'], progress = 0): CloneTarget => ({
  userPhoneId,
  phoneName: `Cloud phone ${userPhoneId}`,
  state,
  progress,
  reason: null,
});
const record = (targets: CloneTarget[]): CloneRecord => ({
  cloneId: 7,
  templateId: 1,
  templateName: 'Game farm',
  newMachine: false,
  state: 'cloning',
  createTime: 0,
  expireTime: 1,
  targets,
});

function clientWith(targets: CloneTarget[]): QueryClient {
  const client = new QueryClient();
  client.setQueryData<InfiniteData<{ list: CloneRecord[]; total: number }>>(templateKeys.clones, {
    pages: [{ list: [record(targets)], total: 1 }],
    pageParams: [1],
  });
  return client;
}
const cached = (client: QueryClient) =>
  client.getQueryData<InfiniteData<{ list: CloneRecord[] }>>(templateKeys.clones)!.pages[0]!.list[0]!;
const cloneEvent = (userPhoneId: number, state: CloneTarget['state'], progress: number) =>
  ({ type: 'clone.target', cloneId: 7, userPhoneId, state, progress, reason: null }) as const;

describe('live events into the clone records', () => {
  it('moves a phone on and the clone’s state with its phones', () => {
    const client = clientWith([target(2, 'cloning', 20), target(3, 'success', 100)]);
    applyTemplateEvent(client, cloneEvent(2, 'cloning', 60));
    expect(cached(client)).toMatchObject({ state: 'cloning', targets: [{ progress: 60 }, { state: 'success' }] });
    applyTemplateEvent(client, cloneEvent(2, 'success', 100));
    expect(cached(client).state).toBe('success');
  });

  it('never moves a phone that ended back to cloning (a late progress event)', () => {
    const client = clientWith([target(2, 'success', 100)]);
    applyTemplateEvent(client, cloneEvent(2, 'cloning', 80));
    expect(cached(client).targets[0]).toMatchObject({ state: 'success', progress: 100 });
  });
});
