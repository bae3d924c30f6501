import { sql } from 'kysely';
import type { AppDatabase } from '../db/database';

// Which phones a user's phone list shows: what changes the SQL of the list (it is compiled once per
// shape), the values it takes, and the filter itself. The user-phone repository counts the phones
// and cuts the page.

/** What changes the SQL of a page of phones. */
export interface PhoneListShape {
  group: 'any' | 'default' | 'one';
  granted: boolean;
  only: boolean;
  keyword: boolean;
  sort: number;
  /** The page starts at a known phone (`startId`) rather than an offset: a deep page as cheap as the first. */
  startsAt: boolean;
}

export interface PhoneListValues {
  [name: string]: unknown;
  tenantId: number;
  userId: number;
  groupId: number;
  grantedIds: number[];
  userPhoneIds: number[];
  pattern: string;
  numberedPrefix: string;
  limit: number;
  offset: number;
  startId: number;
}

/** The phones a page is cut from: the phone list is the hottest call there is (issue 34). */
export function pagedPhones(db: AppDatabase, shape: PhoneListShape, v: PhoneListValues) {
  return db
    .selectFrom('user_phone')
    .where('tenant_id', '=', v.tenantId)
    .where((eb) => {
      let own = eb('user_id', '=', v.userId);
      if (shape.group !== 'any')
        own = eb.and([own, shape.group === 'default' ? eb('group_id', 'is', null) : eb('group_id', '=', v.groupId)]);
      return shape.granted ? eb.or([own, eb('id', 'in', v.grantedIds)]) : own;
    })
    .$if(shape.only, (query) => query.where('id', 'in', v.userPhoneIds))
    .$if(shape.startsAt, (query) => query.where('id', '>=', v.startId))
    .$if(shape.keyword, (query) =>
      query.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['name']), 'like', v.pattern),
          eb.and([
            eb('name_no', 'is not', null),
            eb(
              eb.fn('lower', [sql<string>`cast(${v.numberedPrefix} as text) || cast(name_no as text)`]),
              'like',
              v.pattern,
            ),
          ]),
        ]),
      ),
    );
}
