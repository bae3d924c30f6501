import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SmsScene } from '@cloudphone/contracts/auth';
import { buildApp } from '../src/app';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { seedDemo } from '../src/seed/demo';
import { tenantHeaders } from './helpers/requests';
import { webDist } from './helpers/web-dist';

interface LogLine {
  level: number;
  msg: string;
  req?: { url: string };
}
const INFO = 30;
const WARN = 40;
const DEBUG = 20;
const SECRET = 'ak.c2VjcmV0LWFjY2Vzcy1rZXk';

// What an operator reads (issue 10 §7): no flood of file requests, no access keys, codes that stand out.
describe('the server log', () => {
  const dist = webDist();
  let app: FastifyInstance;
  let lines: LogLine[];
  afterEach(async () => {
    await app.close();
  });

  async function start(logLevel: string) {
    lines = [];
    const db = openDatabase(':memory:');
    await migrateToLatest(db);
    app = await buildApp({
      db,
      webDist: dist,
      logLevel,
      logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
    });
    await seedDemo(app.services, app.repos);
  }
  const mentioning = (text: string) => lines.filter((line) => JSON.stringify(line).includes(text));

  it('logs the web app’s files at debug level only, and API calls at info', async () => {
    await start('info');
    await app.inject({ url: '/app/demo' });
    await app.inject({ url: '/app/assets/index-3f2a1b9c.js' });
    await app.inject({ url: '/api/merchant/client/get-about-app?clientNo=demo' });
    expect(mentioning('/app/')).toEqual([]);
    expect(lines.filter((l) => l.level === INFO && l.msg === 'request completed')).toHaveLength(1);
    expect(mentioning('/api/merchant/client/get-about-app').map((l) => l.level)).toEqual([INFO]);
  });

  it('shows the web app’s file requests when LOG_LEVEL is debug', async () => {
    await start('debug');
    await app.inject({ url: '/app/assets/index-3f2a1b9c.js' });
    expect(mentioning('/app/assets/index-3f2a1b9c.js').map((l) => [l.level, l.msg])).toEqual([
      [DEBUG, 'incoming request'],
    ]);
    expect(lines.some((l) => l.level === DEBUG && l.msg === 'request completed')).toBe(true);
  });

  it('never writes the access key of a stream or SDK URL', async () => {
    await start('info');
    await app.inject({ url: `/stream/cp-000001?accessKey=${SECRET}&codec=h264` });
    await app.inject({ method: 'POST', url: `/sdk/instance/reboot?accessKey=${SECRET}` });
    expect(mentioning(SECRET)).toEqual([]);
    expect(mentioning('/stream/cp-000001?[redacted]').length).toBeGreaterThan(0);
    expect(mentioning('/sdk/instance/reboot?[redacted]').length).toBeGreaterThan(0);
  });

  it('gives each console SMS code a line of its own at warn level', async () => {
    await start('info');
    const reply = await app.inject({
      method: 'POST',
      url: '/api/merchant/auth/send-sms-code',
      headers: await tenantHeaders(app, 'demo'),
      payload: { mobile: '13711112222', scene: SmsScene.login },
    });
    expect(reply.json()).toMatchObject({ code: 0 });
    const [line] = lines.filter((l) => l.msg.includes('SMS to'));
    expect(line?.level).toBe(WARN);
    expect(line?.msg).toMatch(/^━+ SMS to 137\*{4}2222: \d{6} ━+ \(login; console SMS provider: nothing was sent\)$/);
  });
});
