import { expect, it } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import { PHONE_RESOLUTIONS, type MockModel } from '@cloudphone/contracts/phones';
import { BOOT_MS, TASK_DURATION_MS } from '@cloudphone/device-host';
import { DAY } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf, envelope } from './helpers/requests';
import { givePhones, instanceOf, listPhones, myPhoneIds, PHONE, usePhoneApp } from './helpers/phones';

const MOCK = '/api/device/phone-mock-model';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describeEachDatabase('phone settings: screenshot, resolution, root and mock model', (open) => {
  const t = usePhoneApp(open);
  const setResolution = (userPhoneId: number, r: { width: number; height: number; dpi: number }, token?: string) =>
    t.call('PUT', `${PHONE}/set-resolution`, { token, payload: { userPhoneId, ...r } });
  const setRoot = (userPhoneId: number, root: boolean, token?: string) =>
    t.call('PUT', `${PHONE}/set-root`, { token, payload: { userPhoneId, root } });
  const mock = (userPhoneId: number, manufacturer: string, model: string, token?: string) =>
    t.call('POST', `${MOCK}/mock`, { token, payload: { userPhoneId, manufacturer, model } });
  const current = async (userPhoneId: number) =>
    dataOf<MockModel>(await t.call('GET', `${MOCK}/current?userPhoneId=${userPhoneId}`));
  const phoneOf = async (userPhoneId: number) => (await listPhones(t)).list.find((p) => p.userPhoneId === userPhoneId)!;
  /** Phones start booting; settings need them online. */
  const booted = async () => {
    const ids = await myPhoneIds(t);
    t.clock.advance(BOOT_MS);
    return ids;
  };

  it("takes a screenshot of the phone's screen as a PNG data URL", async () => {
    const [id] = await booted();
    const shot = dataOf<{ taskId: string; imageUrl: string }>(
      await t.call('PUT', `${PHONE}/screenshot?userPhoneId=${id}`),
    );
    expect(shot.imageUrl).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(shot.imageUrl.split(',')[1]!, 'base64');
    expect(png.subarray(0, 4)).toEqual(PNG_SIGNATURE);
    expect(png.length).toBeGreaterThan(1000);
  });

  it('changes the resolution to one on offer, restarting the phone, and refuses others', async () => {
    const [id] = await booted();
    expect((await phoneOf(id!)).resolution).toBe('720×1280');
    const wide = PHONE_RESOLUTIONS[1];
    const { taskId } = dataOf<{ taskId: string }>(await setResolution(id!, wide));
    expect(t.host.fleet.task(taskId)?.status).toBe('running');
    expect((await phoneOf(id!)).status).toBe('restarting');
    t.clock.advance(TASK_DURATION_MS['set-resolution']);
    expect(await phoneOf(id!)).toMatchObject({ status: 'online', resolution: '1080×1920' });

    t.clock.advance(10_000);
    expect(codeOf(await setResolution(id!, { width: 1000, height: 1000, dpi: 300 }))).toBe(1001);
    expect((await phoneOf(id!)).resolution).toBe('1080×1920');
  });

  it('switches root on and off', async () => {
    const [id] = await booted();
    expect((await phoneOf(id!)).root).toBe(false);
    expect(codeOf(await setRoot(id!, true))).toBe(0);
    t.clock.advance(TASK_DURATION_MS['set-root']);
    expect((await phoneOf(id!)).root).toBe(true);
    t.clock.advance(10_000);
    expect(codeOf(await setRoot(id!, false))).toBe(0);
    t.clock.advance(TASK_DURATION_MS['set-root']);
    expect((await phoneOf(id!)).root).toBe(false);
  });

  it('lists manufacturers and their handsets, and passes the phone off as another manufacturer’s handset', async () => {
    const [id] = await booted();
    const manufacturers = dataOf<string[]>(await t.call('GET', `${MOCK}/list-manufacturer`));
    expect(manufacturers.length).toBeGreaterThanOrEqual(10);
    const before = await current(id!);
    const other = manufacturers.find((m) => m !== before.manufacturer)!;
    const handsets = dataOf<MockModel[]>(await t.call('GET', `${MOCK}/list?manufacturer=${encodeURIComponent(other)}`));
    expect(handsets.length).toBeGreaterThan(0);
    expect(handsets.every((h) => h.manufacturer === other)).toBe(true);

    const chosen = handsets[0]!;
    const notes = 'keep me';
    t.host.fleet.get(await instanceOf(t, id!))!.update((s) => (s.notes = notes));
    expect(codeOf(await mock(id!, chosen.manufacturer, chosen.model))).toBe(0);
    t.clock.advance(TASK_DURATION_MS['set-model']);
    expect(await current(id!)).toEqual(chosen);
    expect((await phoneOf(id!)).mockModel).toEqual({ manufacturer: chosen.manufacturer, model: chosen.model });
    expect(t.host.fleet.get(await instanceOf(t, id!))!.state.notes).toBe(notes);
  });

  it('refuses a handset not in the catalogue with "Product does not exist"', async () => {
    const [id] = await booted();
    const before = await current(id!);
    expect(envelope(await mock(id!, 'Nokia', '3310'))).toMatchObject({ code: ERRORS.productNotExist.code });
    expect(await current(id!)).toEqual(before);
  });

  it('refuses changes to an expired phone and to a phone still restarting', async () => {
    const [id, , , trial] = await booted();
    expect(codeOf(await setRoot(id!, true))).toBe(0);
    // The phone restarts to apply it, and holds still meanwhile (issue 20).
    expect(codeOf(await setRoot(id!, false))).toBe(ERRORS.deviceApplyingSetting.code);
    await t.travel(DAY);
    expect(codeOf(await setRoot(trial!, true))).toBe(ERRORS.deviceExpired.code);
    expect(codeOf(await t.call('PUT', `${PHONE}/screenshot?userPhoneId=${trial}`))).toBe(ERRORS.deviceExpired.code);
  });

  it("answers 1322 when reading or changing another user's phone", async () => {
    const [theirs] = await givePhones(t, t.other, 1, 30);
    t.clock.advance(BOOT_MS);
    const id = theirs!.id;
    const refused = [
      await t.call('PUT', `${PHONE}/screenshot?userPhoneId=${id}`),
      await setResolution(id, PHONE_RESOLUTIONS[1]),
      await setRoot(id, true),
      await t.call('GET', `${MOCK}/current?userPhoneId=${id}`),
      await mock(id, 'Google', 'GC3VE'),
    ];
    for (const reply of refused) expect(codeOf(reply)).toBe(ERRORS.phoneNotFound.code);
    const phone = t.host.fleet.get(theirs!.instanceNo)!;
    expect(phone.status()).toBe('online');
    expect(phone.state.root).toBe(false);
  });

  it('asks for a login', async () => {
    for (const url of [`${MOCK}/list-manufacturer`, `${MOCK}/list?manufacturer=Google`]) {
      expect(codeOf(await t.app.inject({ method: 'GET', url, headers: t.api.headers }))).toBe(401);
    }
  });
});
