import type { AgreementType } from '@cloudphone/contracts/client';
import type { Advertisement, CustomerService } from '@cloudphone/contracts/content';
import type { LocalizedText } from '@cloudphone/contracts/locale';
import type { AppDatabase } from '../db/database';
import { storedText, textOfStored } from './catalogue-text';

export interface Agreement {
  type: AgreementType;
  name: LocalizedText;
  /** The body (HTML) in each language; one written before there were two counts for both. */
  content: LocalizedText;
  updateTime: number;
}

/** Merchant content: agreements, advertisements and the customer-service contact. */
export class ContentRepository {
  constructor(private readonly db: AppDatabase) {}

  async agreements(clientId: number): Promise<Agreement[]> {
    const rows = await this.db
      .selectFrom('agreement')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('type')
      .execute();
    return rows.map((r) => ({
      type: r.type as AgreementType,
      name: textOfStored(r.name),
      content: textOfStored(r.content),
      updateTime: r.update_time,
    }));
  }

  async agreement(clientId: number, type: AgreementType): Promise<Agreement | undefined> {
    return (await this.agreements(clientId)).find((a) => a.type === type);
  }

  async setAgreement(clientId: number, agreement: Omit<Agreement, 'updateTime'>): Promise<void> {
    const values = {
      name: storedText(agreement.name),
      content: storedText(agreement.content),
      update_time: Date.now(),
    };
    await this.db
      .insertInto('agreement')
      .values({ client_id: clientId, type: agreement.type, ...values })
      .onConflict((oc) => oc.columns(['client_id', 'type']).doUpdateSet(values))
      .execute();
  }

  /** A client's advertisements at a position, with those the tenant shows in every client. */
  async advertisements(
    client: { tenantId: number; clientId: number },
    position: number,
    platformNo: string,
  ): Promise<Advertisement[]> {
    return this.db
      .selectFrom('advertisement')
      .select(['id', 'title', 'image_url as imageUrl', 'link_url as linkUrl', 'sort'])
      .where('tenant_id', '=', client.tenantId)
      .where((eb) => eb.or([eb('client_id', 'is', null), eb('client_id', '=', client.clientId)]))
      .where('position', '=', position)
      .where('platform_no', '=', platformNo)
      .where('enabled', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async addAdvertisement(
    owner: { tenantId: number; clientId: number | null },
    ad: Omit<Advertisement, 'id'> & { position: number; platformNo: string; imageSha256?: string },
  ): Promise<number> {
    const row = await this.db
      .insertInto('advertisement')
      .values({
        tenant_id: owner.tenantId,
        client_id: owner.clientId,
        position: ad.position,
        platform_no: ad.platformNo,
        title: ad.title,
        image_url: ad.imageUrl,
        link_url: ad.linkUrl,
        sort: ad.sort,
        enabled: 1,
        image_sha256: ad.imageSha256 ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Whether `sha256` is the kept picture of a banner the tenant shows (only those are served). */
  async showsPicture(tenantId: number, sha256: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('advertisement')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('image_sha256', '=', sha256)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Takes an advertisement of the tenant down. */
  async removeAdvertisement(tenantId: number, id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('advertisement')
      .set({ enabled: 0 })
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async customerService(clientId: number): Promise<CustomerService | undefined> {
    return this.db
      .selectFrom('customer_service')
      .select(['qr_code_url as qrCodeUrl', 'link', 'work_time as workTime'])
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  }

  /** The blob of the client's customer-service QR picture, when the admin CLI keeps one. */
  async customerServiceQr(clientId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('customer_service')
      .select('qr_code_sha256')
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return row?.qr_code_sha256 ?? null;
  }

  async setCustomerService(clientId: number, contact: CustomerService, qrSha256: string | null = null): Promise<void> {
    const values = {
      qr_code_url: contact.qrCodeUrl,
      link: contact.link,
      work_time: contact.workTime,
      qr_code_sha256: qrSha256,
    };
    await this.db
      .insertInto('customer_service')
      .values({ client_id: clientId, ...values })
      .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
      .execute();
  }
}
