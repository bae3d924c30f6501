import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { PushRecord, UserFile } from '@cloudphone/contracts/files';
import type { LiveEvent } from '@cloudphone/contracts/live-events';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf, envelope } from './helpers/requests';
import { FILES, settledPush, upload, useFilesApp } from './helpers/files';
import { givePhones, instanceOf, myPhoneIds } from './helpers/phones';
import { BOOT_MS } from '@cloudphone/device-host';
import { GOLD_MINER_APK, TEAL_NOTES_APK } from '@cloudphone/apk/fixtures';

const apk = readFileSync(GOLD_MINER_APK);

describeEachDatabase('pushes', (open) => {
  const t = useFilesApp(open);
  const uploadApk = async (bytes = apk) =>
    dataOf<UserFile>(await upload(t, { name: 'gold-miner.apk', kind: 'app', bytes }));
  const push = (fileIds: number[], userPhoneIds: number[], install = true) =>
    t.call('POST', `${FILES}/push`, { payload: { fileIds, userPhoneIds, install } });

  it('installs an app on 3 phones where one is offline: success, success, failed as offline', async () => {
    const file = await uploadApk();
    const phones = (await myPhoneIds(t)).slice(0, 3);
    t.host.fleet.setOperatorState(await instanceOf(t, phones[2]!), 'offline');
    const { batchId } = dataOf<{ batchId: string }>(await push([file.fileId], phones));

    const records = await settledPush(t, batchId);
    const byPhone = new Map(records.map((r) => [r.userPhoneId, r]));
    expect(byPhone.get(phones[0]!)).toMatchObject({ state: 'install_success', reason: null, progress: 100 });
    expect(byPhone.get(phones[1]!)).toMatchObject({ state: 'install_success', reason: null });
    expect(byPhone.get(phones[2]!)).toMatchObject({ state: 'push_failed', reason: 'offline' });
    for (const id of phones.slice(0, 2)) {
      const apps = t.host.fleet.get(await instanceOf(t, id))!.state.apps;
      expect(apps).toEqual([expect.objectContaining({ packageName: 'com.example.miner', label: 'Gold Miner' })]);
    }
    // The phone's records tell the same.
    const mine = dataOf<{ list: PushRecord[] }>(await t.call('GET', `${FILES}/push/page?userPhoneId=${phones[2]}`));
    expect(mine.list).toEqual([expect.objectContaining({ batchId, state: 'push_failed', fileName: 'gold-miner.apk' })]);

    // Back online, the failed phone is tried again and succeeds.
    t.host.fleet.setOperatorState(await instanceOf(t, phones[2]!), null);
    const retried = dataOf<{ retried: number }>(
      await t.call('PUT', `${FILES}/push/retry`, { payload: { batchId, userPhoneIds: [phones[2]] } }),
    );
    expect(retried.retried).toBe(1);
    expect((await settledPush(t, batchId)).map((r) => r.state)).toEqual([
      'install_success',
      'install_success',
      'install_success',
    ]);
  });

  it('installs an app on a phone given a second earlier, once it has started (issue 21)', async () => {
    const file = await uploadApk();
    const [fresh] = await givePhones(t, t.me, 1, 30);
    t.clock.advance(1_000);
    const { batchId } = dataOf<{ batchId: string }>(await push([file.fileId], [fresh!.id]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Still starting: the push waits for it rather than failing busy.
    const records = dataOf<{ list: PushRecord[] }>(await t.call('GET', `${FILES}/push/page?batchId=${batchId}`));
    expect(records.list).toEqual([expect.objectContaining({ state: 'pushing' })]);
    t.clock.advance(BOOT_MS);
    expect(await settledPush(t, batchId)).toEqual([expect.objectContaining({ state: 'install_success' })]);
    expect(t.host.fleet.get(fresh!.instanceNo)!.state.apps).toHaveLength(1);
  });

  it('runs three pushes to one phone side by side, and keeps an exclusive operation off it meanwhile', async () => {
    const [phone] = await myPhoneIds(t);
    const files: UserFile[] = [];
    for (const name of ['a.txt', 'b.txt', 'c.txt'])
      files.push(dataOf<UserFile>(await upload(t, { name, kind: 'file', bytes: Buffer.from(name) })));
    const batches = await Promise.all(files.map((f) => push([f.fileId], [phone!])));
    expect(batches.map(codeOf)).toEqual([0, 0, 0]);
    // Pushes share the phone (issue 20); a reset would not.
    expect(await t.app.services.phoneAccess.busy([phone!])).toEqual(new Map());
    const held = await t.app.repos.phoneLocks.held([phone!], t.clock.now());
    expect(held.map((l) => l.kind)).toEqual(['pushing', 'pushing', 'pushing']);
    expect(codeOf(await t.call('PUT', `/api/device/user/phone/reset?userPhoneId=${phone}`))).toBe(
      ERRORS.devicePushing.code,
    );
    for (const reply of batches) {
      const { batchId } = dataOf<{ batchId: string }>(reply);
      expect(await settledPush(t, batchId)).toEqual([expect.objectContaining({ state: 'push_success' })]);
    }
    expect(
      t.host.fleet
        .get(await instanceOf(t, phone!))!
        .state.files.map((f) => f.name)
        .sort(),
    ).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(await t.app.repos.phoneLocks.held([phone!], t.clock.now())).toEqual([]);
  });

  it('puts a pushed file in the phone Files, without installing it', async () => {
    const file = dataOf<UserFile>(await upload(t, { name: 'notes.txt', kind: 'file', bytes: Buffer.from('hi') }));
    const [phone] = await myPhoneIds(t);
    const { batchId } = dataOf<{ batchId: string }>(await push([file.fileId], [phone!]));
    expect(await settledPush(t, batchId)).toEqual([expect.objectContaining({ state: 'push_success', install: false })]);
    expect(t.host.fleet.get(await instanceOf(t, phone!))!.state.files).toEqual([
      expect.objectContaining({ name: 'notes.txt', size: 2 }),
    ]);
  });

  it('refuses to delete a file while it is being pushed, and deletes it once the push is over', async () => {
    // A package no demo game is made of: a game's blob stays when a user's copy goes (issue 29).
    const file = await uploadApk(readFileSync(TEAL_NOTES_APK));
    const [phone] = await myPhoneIds(t);
    t.blobs.hold();
    const { batchId } = dataOf<{ batchId: string }>(await push([file.fileId], [phone!]));
    const refused = envelope(await t.call('DELETE', `${FILES}/delete?fileId=${file.fileId}`));
    expect(refused.code).toBe(ERRORS.uploadFileBusy.code);
    t.blobs.letGo();
    await settledPush(t, batchId);
    expect(codeOf(await t.call('DELETE', `${FILES}/delete?fileId=${file.fileId}`))).toBe(0);
    const library = dataOf<{ total: number; usedBytes: number }>(await t.call('GET', `${FILES}/page`));
    expect(library).toMatchObject({ total: 0, usedBytes: 0 });
    expect(await t.blobs.has(file.sha256)).toBe(false);
  });

  it('refuses more phones than upload.batch.device.count', async () => {
    const file = await uploadApk();
    await t.app.repos.config.setTenantValue(t.me.tenantId, 'upload.batch.device.count', '2');
    const reply = envelope(await push([file.fileId], (await myPhoneIds(t)).slice(0, 3)));
    expect(reply.code).toBe(ERRORS.pushTooManyDevices.code);
  });

  it('runs a push asked twice under one task id once on the host', async () => {
    const file = await uploadApk();
    const [phone] = await myPhoneIds(t);
    const { batchId } = dataOf<{ batchId: string }>(await push([file.fileId], [phone!]));
    await settledPush(t, batchId);
    const pair = (await t.app.repos.filePushes.ofBatch(t.me.userId, batchId, [phone!], ['install_success']))[0]!;
    // As after a crash between the state change and the host call: the pair is asked for again.
    await t.app.repos.filePushes.transition(pair.id, ['install_success'], 'pushing', {
      now: t.clock.now(),
      progress: 0,
    });
    await t.app.services.filePushes.advance();
    await t.host.pushes.idle();
    expect(t.host.pushes.find(pair.taskId)).toMatchObject({ state: 'success' });
    expect(t.host.fleet.get(await instanceOf(t, phone!))!.state.apps).toHaveLength(1);
    expect((await settledPush(t, batchId))[0]).toMatchObject({ state: 'install_success' });
  });

  it("carries a push's states to the user's live channel", async () => {
    const file = await uploadApk();
    const [phone] = await myPhoneIds(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await fetch(`http://127.0.0.1:${port}/api/events`, {
      headers: { ...t.api.headers, authorization: `Bearer ${t.me.token}` },
    });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { batchId } = dataOf<{ batchId: string }>(await push([file.fileId], [phone!]));
    const seen: LiveEvent[] = [];
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
      text += decoder.decode(chunk, { stream: true });
      const lines = text.split('\n\n');
      text = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('data: ')) seen.push(JSON.parse(line.slice(6)) as LiveEvent);
      if (seen.some((e) => e.type === 'file.push' && e.state === 'install_success')) break;
    }
    const states = seen.flatMap((e) => (e.type === 'file.push' && e.batchId === batchId ? [e.state] : []));
    expect(states[0]).toBe('pushing');
    expect(states).toContain('installing');
    expect(states.at(-1)).toBe('install_success');
  });
});
