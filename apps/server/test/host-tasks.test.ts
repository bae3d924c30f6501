import { expect, it } from 'vitest';
import type { LiveEvent } from '@cloudphone/contracts/live-events';
import { describeEachDatabase } from './helpers/databases';
import { givePhones, PHONE, usePhoneApp } from './helpers/phones';
import { codeOf, dataOf } from './helpers/requests';

describeEachDatabase('one task model (issue 21)', (open) => {
  const t = usePhoneApp(open);

  it('changes a task’s record once for an event delivered twice, and never back for a late one', async () => {
    const [phone] = await givePhones(t, t.me, 1, 30);
    const heard: LiveEvent[] = [];
    t.app.services.events.subscribe(t.me.userId, (event) => heard.push(event));
    await t.app.services.hostTasks.track('task-twice-1', 'reboot', phone!);
    const event = { taskId: 'task-twice-1', kind: 'reboot' as const, instanceNo: phone!.instanceNo };

    expect(await t.app.services.hostTasks.hear({ ...event, state: 'running', progress: 40 })).toMatchObject({
      state: 'running',
      progress: 40,
    });
    expect(await t.app.services.hostTasks.hear({ ...event, state: 'running', progress: 40 })).toBeUndefined();
    await t.app.services.hostTasks.hear({ ...event, state: 'success', progress: 100 });
    expect(await t.app.services.hostTasks.hear({ ...event, state: 'running', progress: 60 })).toBeUndefined();
    expect(await t.app.repos.hostTasks.find('task-twice-1')).toMatchObject({ state: 'success', progress: 100 });
    // Its owner heard each change once.
    expect(heard.filter((e) => e.type === 'phone.task').map((e) => e.type === 'phone.task' && e.state)).toEqual([
      'running',
      'success',
    ]);
  });

  it('moves a task only forward, so a second API node hearing the same events late changes nothing', async () => {
    const [phone] = await givePhones(t, t.me, 1, 30);
    await t.app.services.hostTasks.track('task-late-1', 'push', phone!);
    const event = { taskId: 'task-late-1', kind: 'push' as const, instanceNo: phone!.instanceNo };
    const hear = (state: 'pending' | 'running', progress: number, stage?: 'fetch' | 'install') =>
      t.app.services.hostTasks.hear({ ...event, state, progress, stage });

    expect(await hear('running', 80, 'fetch')).toMatchObject({ stage: 'fetch', progress: 80 });
    expect(await hear('running', 10, 'install')).toMatchObject({ stage: 'install', progress: 10 });
    // What the first node applied already, heard again by the second: an earlier stage, an earlier state.
    expect(await hear('running', 90, 'fetch')).toBeUndefined();
    expect(await hear('pending', 0)).toBeUndefined();
    expect(await t.app.repos.hostTasks.find('task-late-1')).toMatchObject({ state: 'running', stage: 'install' });
  });

  it('records a restart as a task the phone’s watchers hear end', async () => {
    const [phone] = await givePhones(t, t.me, 1, 30);
    t.clock.advance(4_000);
    const { taskId } = dataOf<{ taskId: string }>(await t.call('PUT', `${PHONE}/reboot?userPhoneId=${phone!.id}`));
    expect(await t.app.repos.hostTasks.find(taskId)).toMatchObject({ kind: 'reboot', userPhoneId: phone!.id });
    t.clock.advance(5_000);
    // Asked after as a quiet task would be (the test's clock runs ahead of the host's timers).
    await t.app.services.hostTasks.recover(undefined, t.clock.now());
    expect(await t.app.repos.hostTasks.find(taskId)).toMatchObject({ state: 'success' });
    expect(codeOf(await t.call('PUT', `${PHONE}/screenshot?userPhoneId=${phone!.id}`))).toBe(0);
  });
});
