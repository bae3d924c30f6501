import { expect, it } from 'vitest';
import { createRepositories } from '../src/repositories/index';
import { DAY } from './helpers/accounts';
import { describeEachDatabase, migrate } from './helpers/databases';

describeEachDatabase('the grants migration (0014)', (open) => {
  it('keeps existing grants, one of them live per phone, and makes new ones after them', async () => {
    const db = await open();
    try {
      await migrate(db, '0012-phone-locks');
      const now = Date.now();
      await db.insertInto('tenant').values({ id: 7, name: 'Shop', created_at: now }).execute();
      const user = async (n: number) =>
        (
          await db
            .insertInto('app_user')
            .values({
              tenant_id: 7,
              user_no: `1000000${n}`,
              mobile: `1370000000${n}`,
              nickname: 'u',
              register_time: now,
            } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const [owner, first, second] = [await user(1), await user(2), await user(3)];
      const host = await db
        .insertInto('device_host')
        .values({ name: 'h', public_url: '', registered_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const phone = await db
        .insertInto('user_phone')
        .values({
          tenant_id: 7,
          user_id: owner,
          device_host_id: host.id,
          instance_no: 'cp-000000000001',
          name: 'p',
          expire_time: now + 30 * DAY,
          created_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const grant = (granteeId: number, revokedAt: number | null, days: number) =>
        db
          .insertInto('phone_grant')
          .values({
            tenant_id: 7,
            user_phone_id: phone.id,
            grantor_id: owner,
            grantee_id: granteeId,
            permission: 'view',
            expire_time: now + days * DAY - 1,
            created_at: now,
            revoked_at: revokedAt,
          } as never)
          .execute();
      await grant(first, now, 3);
      await grant(first, null, 5);
      await grant(second, null, 7);

      await migrate(db);
      const repos = createRepositories(db);
      // Before one live grant per phone there could be several: the newest stays.
      expect((await repos.phoneGrants.heldBy(second, now)).map((g) => g.days)).toEqual([7]);
      expect(await repos.phoneGrants.heldBy(first, now)).toEqual([]);
      expect(await repos.phoneGrants.grantedOut([phone.id], now)).toEqual(new Set([phone.id]));
      await repos.phoneGrants.end((await repos.phoneGrants.heldBy(second, now))[0]!.id, 'grant_revoked', now);
      const made = await repos.phoneGrants.create({
        tenantId: 7,
        userPhoneId: phone.id,
        grantorId: owner,
        granteeId: first,
        permission: 'control',
        days: 2,
        expireTime: now + 2 * DAY,
        createdAt: now,
        grantCode: null,
        redeemedAt: now,
      });
      expect(made).toMatchObject({ id: 4, live: true, granteeId: first });
    } finally {
      await db.destroy();
    }
  });
});
