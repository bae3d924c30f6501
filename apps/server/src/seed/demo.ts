import QRCode from 'qrcode';
import { FUNCTION_KEYS } from '@cloudphone/contracts/client';
import type { Repositories } from '../repositories/index';
import { hashPassword } from '../security/password';
import type { Services } from '../services/index';
import { DEMO_COUPONS, seedDemoCommerce } from './demo-commerce';
import { seedDemoDiscover } from './demo-discover';

export { DEMO_OPERATOR, DEMO_PLATFORM_OPERATOR, DEMO_USER } from './demo-accounts';
import { DEMO_OPERATOR, DEMO_PLATFORM_OPERATOR, DEMO_USER } from './demo-accounts';

/**
 * The demo's customer service (issue 55): an address a person can write to, and its QR code drawn
 * from the same link, so scanning it opens a mail to the address shown beside it.
 */
export const DEMO_CUSTOMER_SERVICE = { link: 'mailto:support@example.com', workTime: '09:00–21:00' };

/**
 * Where the demo's "download the desktop client" leads: the desktop UI this server serves, which opens
 * in any browser (the packaged client of `npm run desktop:package` is built, not served, README).
 */
export const demoDownloadUrl = (clientNo: string) => `/desktop/${clientNo}`;

/** The demo's agreements, a body in each language (the reader sees theirs). */
const USER_AGREEMENT = {
  'zh-CN': `<h2>用户协议</h2>
<p>欢迎使用云手机服务。云手机为远程运行的安卓设备，您可以在租期内查看、操作并保持应用全天候运行。</p>
<h3>1. 账号</h3><p>请妥善保管账号与密码。</p>
<h3>2. 使用规范</h3><p>不得利用云手机从事违法活动。</p>`,
  'en-US': `<h2>User Agreement</h2>
<p>Welcome to the cloud-phone service. A cloud phone is an Android device running remotely: during the rental
period you may watch it, operate it and keep apps running around the clock.</p>
<h3>1. Account</h3><p>Keep your account and password safe.</p>
<h3>2. Acceptable use</h3><p>Do not use cloud phones for unlawful activity.</p>`,
};

const PRIVACY_AGREEMENT = {
  'zh-CN': `<h2>隐私政策</h2>
<p>我们仅收集提供服务所必需的信息：手机号、登录设备与云手机使用记录。</p>
<h3>1. 信息存储</h3><p>数据存储于商户部署的服务器。</p>`,
  'en-US': `<h2>Privacy Policy</h2>
<p>We collect only what the service needs: your mobile number, your login devices and your cloud-phone usage.</p>
<h3>1. Storage</h3><p>Data is stored on the merchant's own servers.</p>`,
};

/** The tenant-100 demo's logo: a leaf-green tile with a phone and an "AI" spark, in its theme's colour. */
const TENANT100_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="#1c4e42"/><rect x="30" y="16" width="36" height="64" rx="7" fill="#f2c14e"/><rect x="35" y="24" width="26" height="44" rx="2" fill="#1c4e42" opacity=".35"/><path d="M48 34l4 9 9 4-9 4-4 9-4-9-9-4 9-4z" fill="#fff"/></svg>`;

/**
 * The demo of DESIGN §6: client `demo` (tenant 1, default theme, every function on) and client
 * `tenant100` (tenant 100, the tenant theme and AI mode). Idempotent: what exists is left alone.
 */
export async function seedDemo(services: Services, repos: Repositories): Promise<void> {
  const admin = services.tenantAdmin;
  const tenants = [
    { id: 1, name: 'Cloudphone Demo', clientNo: 'demo', clientName: 'Cloudphone' },
    { id: 100, name: 'Tenant 100', clientNo: 'tenant100', clientName: 'Cloudphone AI' },
  ];
  for (const t of tenants) {
    if (!(await repos.tenants.findById(t.id))) await admin.createTenant(t.name, t.id);
    if (await repos.clients.findByClientNo(t.clientNo)) continue;
    const client = await admin.createClient({
      tenantId: t.id,
      clientNo: t.clientNo,
      name: t.clientName,
      logoUrl: '/app/icons/logo.svg',
      enable: FUNCTION_KEYS,
    });
    // The tenant-100 demo looks like its own brand (issue 22): its logo, favicon and installed icon.
    if (t.clientNo === 'tenant100') await services.brand.setLogo(t.clientNo, Buffer.from(TENANT100_LOGO));
    await admin.setAgreement(t.clientNo, 1, { 'zh-CN': '用户协议', 'en-US': 'User Agreement' }, USER_AGREEMENT);
    await admin.setAgreement(t.clientNo, 2, { 'zh-CN': '隐私政策', 'en-US': 'Privacy Policy' }, PRIVACY_AGREEMENT);
    await services.brand.setCustomerService(t.clientNo, {
      ...DEMO_CUSTOMER_SERVICE,
      qrFile: Buffer.from(await QRCode.toString(DEMO_CUSTOMER_SERVICE.link, { type: 'svg' })),
    });
    await repos.config.setClientValue(client.id, 'download.url', demoDownloadUrl(t.clientNo));
    await seedDemoDiscover(services, repos, { tenantId: t.id, clientId: client.id });
    const grades = [
      { code: 'standard', name: { 'zh-CN': '标准版', 'en-US': 'Standard' }, cpuCores: 4, memoryGb: 4, storageGb: 64 },
      { code: 'advanced', name: { 'zh-CN': '进阶版', 'en-US': 'Advanced' }, cpuCores: 8, memoryGb: 8, storageGb: 128 },
      { code: 'flagship', name: { 'zh-CN': '旗舰版', 'en-US': 'Flagship' }, cpuCores: 8, memoryGb: 12, storageGb: 256 },
    ].map((grade, sort) => ({ ...grade, androidVersion: ['10', '12', '13'][sort] ?? '13', sort }));
    for (const grade of grades) await repos.catalogue.createGrade(t.id, grade);
    await seedDemoCommerce(repos, t.id, services.clock.now());
  }
  if (!(await repos.users.findByMobile(1, DEMO_USER.mobile))) {
    const user = await services.auth.register(1, DEMO_USER.mobile, await hashPassword(DEMO_USER.password));
    await repos.users.update(user.id, { nickname: DEMO_USER.nickname });
    // Three phones for a month and a one-day trial, when a device host is there to run them.
    const standard = await repos.catalogue.gradeByCode(1, 'standard');
    // (Hosts of devices may have fewer free than that, issue 60: then the demo user has none.)
    if (services.deviceHosts.hasHosts() && (await services.deviceHosts.hasRoom(repos, 4))) {
      await services.userPhones.give(1, user.id, 3, 30, { gradeId: standard?.gradeId });
      await services.userPhones.give(1, user.id, 1, 1, { trial: true, gradeId: standard?.gradeId });
    }
    await services.coupons.issue(1, user.id, DEMO_COUPONS, 'demo');
    const seed = { kind: 'cli', name: 'demo', role: 'cli', address: 'seed' } as const;
    await services.operators.create(seed, { ...DEMO_OPERATOR, role: 'owner' });
    await services.operators.create(seed, { ...DEMO_PLATFORM_OPERATOR, role: 'operations' });
  }
}

/** Seeds only a database that has no tenant yet; tells whether it did. */
export async function seedDemoIfEmpty(services: Services, repos: Repositories): Promise<boolean> {
  if ((await repos.tenants.list()).length > 0) return false;
  await seedDemo(services, repos);
  return true;
}
