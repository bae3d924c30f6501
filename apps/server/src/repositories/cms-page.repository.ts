import type { LocalizedText } from '@cloudphone/contracts/locale';
import type { AppDatabase } from '../db/database';
import { storedText, textOfStored } from './catalogue-text';

export type CmsPageKind = 'article' | 'page';

export interface CmsPage {
  id: number;
  kind: CmsPageKind;
  title: LocalizedText;
  summary: LocalizedText;
  coverUrl: string;
  content: LocalizedText;
  createdAt: number;
  updatedAt: number;
}

export type NewCmsPage = Omit<CmsPage, 'id' | 'createdAt' | 'updatedAt'> & { sort: number };

/** A client's CMS pages (issue 29): articles listed in Discover, and single pages opened by id. */
export class CmsPageRepository {
  constructor(private readonly db: AppDatabase) {}

  async add(tenantId: number, clientId: number, page: NewCmsPage, now: number): Promise<number> {
    const row = await this.db
      .insertInto('cms_page')
      .values({
        tenant_id: tenantId,
        client_id: clientId,
        kind: page.kind,
        title: storedText(page.title),
        summary: storedText(page.summary),
        cover_url: page.coverUrl,
        content: storedText(page.content),
        sort: page.sort,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async remove(clientId: number, id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('cms_page')
      .set({ deleted_at: now })
      .where('id', '=', id)
      .where('client_id', '=', clientId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Articles or single pages of a client, by sort then newest first. */
  async ofClient(clientId: number, kind?: CmsPageKind): Promise<CmsPage[]> {
    let query = this.db
      .selectFrom('cms_page')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('deleted_at', 'is', null);
    if (kind) query = query.where('kind', '=', kind);
    const rows = await query.orderBy('sort').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map(pageOfRow);
  }

  async find(clientId: number, id: number): Promise<CmsPage | undefined> {
    const row = await this.db
      .selectFrom('cms_page')
      .selectAll()
      .where('id', '=', id)
      .where('client_id', '=', clientId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && pageOfRow(row);
  }
}

function pageOfRow(row: {
  id: number;
  kind: string;
  title: string;
  summary: string;
  cover_url: string;
  content: string;
  created_at: number;
  updated_at: number;
}): CmsPage {
  return {
    id: row.id,
    kind: row.kind as CmsPageKind,
    title: textOfStored(row.title),
    summary: textOfStored(row.summary),
    coverUrl: row.cover_url,
    content: textOfStored(row.content),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
