import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Advertisement, AgreementContent, CustomerService, DeviceGrade } from '@cloudphone/contracts/content';
import { ERRORS } from '@cloudphone/contracts/errors';
import QRCode from 'qrcode';
import { DEMO_CUSTOMER_SERVICE } from '../src/seed/demo';
import { buildTestApp, describeEachDatabase } from './helpers/databases';
import { dataOf, envelope, tenantHeaders } from './helpers/requests';

const AGREEMENT_NAME = '/api/cms/agreement/get-name';
const AGREEMENT_CONTENT = '/api/cms/agreement/get-content';
const ADVERTISEMENTS = '/api/cms/advertisement/list';
const CUSTOMER_SERVICE = '/api/merchant/customer-service/get';
const GRADES = '/api/device/grade/list';

describeEachDatabase('merchant content', (open) => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildTestApp(await open());
  });
  afterEach(async () => {
    await app.close();
  });

  describe('agreements', () => {
    it('names the user agreement of a client number', async () => {
      const data = dataOf(await app.inject({ url: `${AGREEMENT_NAME}?type=1&clientNo=demo` }));
      expect(data).toEqual({ type: 1, name: '用户协议' });
    });

    it('gives the privacy agreement of the client named by the client-id header', async () => {
      const headers = await tenantHeaders(app, 'tenant100');
      const data = dataOf<AgreementContent>(await app.inject({ url: `${AGREEMENT_CONTENT}?type=2`, headers }));
      expect(data).toMatchObject({ type: 2, name: '隐私政策' });
      // The body in the reader's language only (issue 22).
      expect(data.content).toContain('<h2>隐私政策</h2>');
      expect(data.content).not.toContain('Privacy Policy');
      expect(data.updateTime).toBeGreaterThan(0);
    });

    it('gives each client its own agreement text', async () => {
      await app.services.tenantAdmin.setAgreement(
        'tenant100',
        1,
        { 'zh-CN': 'AI terms', 'en-US': 'AI terms' },
        { 'zh-CN': '<p>AI only</p>', 'en-US': '<p>AI only</p>' },
      );
      const ai = dataOf<AgreementContent>(await app.inject({ url: `${AGREEMENT_CONTENT}?type=1&clientNo=TENANT100` }));
      const demo = dataOf<AgreementContent>(await app.inject({ url: `${AGREEMENT_CONTENT}?type=1&clientNo=demo` }));
      expect(ai).toMatchObject({ name: 'AI terms', content: '<p>AI only</p>' });
      expect(demo.content).not.toContain('AI only');
    });

    it('answers a missing agreement with its catalogue code', async () => {
      await app.services.tenantAdmin.createClient({ tenantId: 1, clientNo: 'shop2', name: 'Shop' });
      for (const url of [`${AGREEMENT_NAME}?type=1&clientNo=shop2`, `${AGREEMENT_CONTENT}?type=2&clientNo=shop2`]) {
        const body = envelope(await app.inject({ url, headers: { 'accept-language': 'en-US' } }));
        expect(body).toEqual({ code: 1107, msg: ERRORS.agreementNotFound['en-US'], data: null });
      }
    });

    it('answers an unknown client number with the client-not-found code', async () => {
      expect(envelope(await app.inject({ url: `${AGREEMENT_NAME}?type=1&clientNo=nobody` })).code).toBe(1101);
    });

    it('answers a request naming no client at all with the client-not-found code', async () => {
      expect(envelope(await app.inject({ url: `${AGREEMENT_NAME}?type=1` })).code).toBe(1101);
      const headers = { 'client-id': '99999999999' };
      expect(envelope(await app.inject({ url: `${AGREEMENT_CONTENT}?type=1`, headers })).code).toBe(1101);
    });

    it('refuses an agreement type other than 1 or 2 as an invalid parameter', async () => {
      const body = envelope(await app.inject({ url: `${AGREEMENT_NAME}?type=3&clientNo=demo` }));
      expect(body.code).toBe(1001);
      expect(body.data).toEqual([expect.objectContaining({ field: 'type' })]);
    });
  });

  describe('advertisements', () => {
    it("lists only the calling tenant's advertisements", async () => {
      await app.repos.content.addAdvertisement(
        { tenantId: 100, clientId: null },
        {
          position: 1,
          platformNo: 'H5',
          title: 'AI mode is here',
          imageUrl: '/ai.png',
          linkUrl: '',
          sort: -1,
        },
      );
      const demo = await app.inject({
        url: `${ADVERTISEMENTS}?adPosition=1`,
        headers: await tenantHeaders(app, 'demo'),
      });
      const ai = await app.inject({
        url: `${ADVERTISEMENTS}?adPosition=1`,
        headers: await tenantHeaders(app, 'tenant100'),
      });
      expect(dataOf<Advertisement[]>(demo).map((ad) => ad.title)).toEqual(['Keep your games running 24/7']);
      expect(dataOf<Advertisement[]>(ai).map((ad) => ad.title)).toEqual([
        'AI mode is here',
        'Keep your games running 24/7',
      ]);
    });

    it('lists nothing for another position or platform', async () => {
      const headers = await tenantHeaders(app, 'demo');
      expect(dataOf(await app.inject({ url: `${ADVERTISEMENTS}?adPosition=2`, headers }))).toEqual([]);
      expect(dataOf(await app.inject({ url: `${ADVERTISEMENTS}?adPosition=1&platformNo=PC`, headers }))).toEqual([]);
    });

    it('refuses a list without an ad position as an invalid parameter', async () => {
      const response = await app.inject({ url: ADVERTISEMENTS, headers: await tenantHeaders(app, 'demo') });
      expect(envelope(response).code).toBe(1001);
    });
  });

  describe('customer service', () => {
    it("gives the client's customer-service contact", async () => {
      const response = await app.inject({ url: CUSTOMER_SERVICE, headers: await tenantHeaders(app, 'demo') });
      expect(dataOf<CustomerService>(response)).toEqual({
        qrCodeUrl: expect.stringMatching(/^\/app\/brand\/demo\/customer-service-qr\?v=[0-9a-f]{12}$/),
        link: DEMO_CUSTOMER_SERVICE.link,
        workTime: DEMO_CUSTOMER_SERVICE.workTime,
      });
    });

    it("serves the demo's QR picture as a QR code of its link, for each demo client", async () => {
      const drawn = await QRCode.toString(DEMO_CUSTOMER_SERVICE.link, { type: 'svg' });
      for (const clientNo of ['demo', 'tenant100']) {
        const { qrCodeUrl } = dataOf<CustomerService>(
          await app.inject({ url: CUSTOMER_SERVICE, headers: await tenantHeaders(app, clientNo) }),
        );
        const picture = await app.inject({ url: qrCodeUrl });
        expect(picture.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(picture.body).toBe(drawn);
      }
    });

    it('answers a client without customer service with the no-customer-service code', async () => {
      await app.services.tenantAdmin.createClient({ tenantId: 1, clientNo: 'shop2', name: 'Shop' });
      const response = await app.inject({ url: CUSTOMER_SERVICE, headers: await tenantHeaders(app, 'shop2') });
      expect(envelope(response)).toEqual({ code: 1105, msg: ERRORS.noCustomerService['zh-CN'], data: null });
    });

    it('treats a contact with neither QR code nor link as no customer service', async () => {
      const demo = await app.repos.clients.findByClientNo('demo');
      await app.repos.content.setCustomerService(demo?.id ?? 0, { qrCodeUrl: '', link: '', workTime: '09:00–21:00' });
      const response = await app.inject({ url: CUSTOMER_SERVICE, headers: await tenantHeaders(app, 'demo') });
      expect(envelope(response).code).toBe(1105);
    });
  });

  describe('device grades', () => {
    it("lists only the calling tenant's grades, in their order", async () => {
      await app.repos.catalogue.createGrade(100, {
        code: 'ai',
        name: { 'zh-CN': 'AI', 'en-US': 'AI' },
        cpuCores: 16,
        memoryGb: 32,
        storageGb: 512,
        androidVersion: '14',
        sort: 9,
      });
      const demo = await app.inject({ url: GRADES, headers: await tenantHeaders(app, 'demo') });
      const ai = await app.inject({ url: GRADES, headers: await tenantHeaders(app, 'tenant100') });
      expect(dataOf<DeviceGrade[]>(demo).map((g) => g.code)).toEqual(['standard', 'advanced', 'flagship']);
      expect(dataOf<DeviceGrade[]>(ai).map((g) => g.code)).toEqual(['standard', 'advanced', 'flagship', 'ai']);
      expect(dataOf<DeviceGrade[]>(demo)[0]).toMatchObject({
        cpuCores: 4,
        memoryGb: 4,
        storageGb: 64,
        androidVersion: '10',
      });
    });
  });
});
