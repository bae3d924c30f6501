import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { BodyOf } from '@cloudphone/contracts/endpoints/endpoint';
import * as activationCode from '@cloudphone/contracts/endpoints/promotion/activation-code';
import * as order from '@cloudphone/contracts/endpoints/trade/order';
import * as pay from '@cloudphone/contracts/endpoints/trade/pay';
import * as product from '@cloudphone/contracts/endpoints/trade/product';
import { openDatabase } from '@cloudphone/server/db/database';
import { apiClient, type ApiClient } from './support/api';
import { freshDatabase, postgresAnswers } from './support/postgres';
import { startServer } from './support/stack';

const postgres = await postgresAnswers();

/** Fires one redemption or purchase; its outcome when the server answered before the crash. */
type Accepted = { kind: 'code'; code: string; userPhoneIds: number[] } | { kind: 'order'; orderNo: string };

async function redeem(api: ApiClient, code: string): Promise<Accepted | undefined> {
  const reply = await api.call(activationCode.activate, { body: { codes: [code], usage: 'buy', userPhoneIds: [] } });
  const result = reply.data?.[0];
  return result?.state === 'success' ? { kind: 'code', code, userPhoneIds: result.userPhoneIds } : undefined;
}

async function buyAndPay(api: ApiClient, purchase: BodyOf<typeof order.create>): Promise<Accepted | undefined> {
  const placed = await api.call(order.create, { body: purchase });
  const orderNo = placed.data.orderNo;
  const started = await api.call(pay.submit, { body: { orderNo, payType: 'simulated' } });
  const paid = await api.call(pay.simulate, {
    body: { orderNo, simulateToken: started.data.simulateToken!, outcome: 'success' },
  });
  return paid.code === 0 ? { kind: 'order', orderNo } : undefined;
}

describe.each(['sqlite', ...(postgres ? ['postgres' as const] : [])] as const)('a crash (%s)', (kind) => {
  it('delivers every accepted code and paid order exactly once after a kill -9 and a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-crash-'));
    const database = await freshDatabase(kind, 'crash');
    try {
      let server = await startServer(dataDir, database.env);
      const csv = await server.admin(
        'codes:generate',
        '--client-no',
        'demo',
        '--package-id',
        '2',
        '--usage',
        'buy',
        '--count',
        '30',
      );
      const codes = csv
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[0]!);
      const api = await apiClient(server.baseUrl);
      const advanced = (await api.call(product.list, { query: { usage: 'buy' } })).data.find(
        (p) => p.code === 'advanced',
      )!;
      const purchase: BodyOf<typeof order.create> = {
        skuType: 'buy',
        gradeId: advanced.gradeId,
        packageId: advanced.packages.find((p) => !p.trial)!.packageId,
        deviceCount: 1,
        couponId: null,
      };

      // The burst: redemptions and purchases at once; the server dies under it.
      const accepted: Accepted[] = [];
      let answered = 0;
      const note = (outcome: Accepted | undefined) => {
        answered++;
        if (outcome) accepted.push(outcome);
      };
      const burst = [
        ...codes.map((code) => redeem(api, code).then(note, () => undefined)),
        ...Array.from({ length: 15 }, () => buyAndPay(api, purchase).then(note, () => undefined)),
      ];
      while (answered < 12) await new Promise((r) => setTimeout(r, 5));
      await server.crash();
      await Promise.all(burst);
      expect(accepted.length).toBeGreaterThan(0);

      server = await startServer(dataDir, database.env);
      const db = openDatabase(database.env.DATABASE_URL ?? join(dataDir, 'cloudphone.sqlite'));
      const host = new SQLite(join(dataDir, 'device-host.sqlite'), { readonly: true });
      try {
        // The jobs finish what the crash left: phones made, and orders completed once they run.
        const unfinished = () =>
          db
            .selectFrom('trade_order')
            .select('order_no')
            .where('status', 'in', ['activating', 'shipped', 'to_be_allocated'])
            .execute();
        for (let tries = 0; tries < 100 && (await unfinished()).length > 0; tries++)
          await new Promise((r) => setTimeout(r, 200));
        expect(await unfinished()).toEqual([]);

        const phones = await db.selectFrom('user_phone').select(['id', 'instance_no', 'provisioned_at']).execute();
        const made = new Set(
          (host.prepare('select instance_no from phone').all() as { instance_no: string }[]).map((r) => r.instance_no),
        );
        // Every phone is made on the host, once: no row without its instance, no instance without its row.
        expect(phones.filter((p) => p.provisioned_at === null || !made.has(p.instance_no))).toEqual([]);
        expect(made.size).toBe(phones.length);

        const orders = await db
          .selectFrom('trade_order')
          .select(['order_no', 'status', 'phone_ids', 'device_count', 'grade_id'])
          .where('status', '!=', 'to_pay')
          .execute();
        const phonesOf = (o: { phone_ids: string }) => JSON.parse(o.phone_ids) as number[];
        for (const order of orders.filter((o) => o.status === 'completed'))
          expect(phonesOf(order), order.order_no).toHaveLength(order.device_count);
        // No phone belongs to two orders, and every phone but the demo's own four came from one.
        const delivered = orders.flatMap(phonesOf);
        expect(new Set(delivered).size).toBe(delivered.length);
        expect(phones.length).toBe(4 + delivered.length);

        // Every used code has its one phone; every accepted answer is among what was delivered.
        const used = await db
          .selectFrom('activation_code')
          .select(['code', 'phone_ids'])
          .where('used_by', 'is not', null)
          .execute();
        for (const code of used) expect(JSON.parse(code.phone_ids) as number[], code.code).toHaveLength(1);
        for (const outcome of accepted) {
          if (outcome.kind === 'code')
            expect(used.find((c) => c.code === outcome.code)?.phone_ids).toBe(JSON.stringify(outcome.userPhoneIds));
          else expect(orders.find((o) => o.order_no === outcome.orderNo)?.status).toBe('completed');
        }
        // Stock taken is stock delivered.
        const grade = await db
          .selectFrom('device_grade')
          .select('stock')
          .where('id', '=', advanced.gradeId)
          .executeTakeFirstOrThrow();
        const advancedPhones = orders.filter((o) => o.grade_id === advanced.gradeId && o.status === 'completed').length;
        expect((grade.stock ?? 0) + advancedPhones).toBe(20);
      } finally {
        host.close();
        await db.destroy();
        await server.stop();
      }
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
