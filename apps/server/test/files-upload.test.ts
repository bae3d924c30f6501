import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { FilePage, UserFile } from '@cloudphone/contracts/files';
import { UPLOAD } from '@cloudphone/contracts/limits';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { createUpload, FILES, refusalCode, sha256, upload, uploadMetadata, useFilesApp } from './helpers/files';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';

const apk = readFileSync(GOLD_MINER_APK);

describeEachDatabase('uploads', (open) => {
  const t = useFilesApp(open);
  const library = async () => dataOf<FilePage>(await t.call('GET', `${FILES}/page`));

  it('reads an uploaded APK into the library: package, label, version, icon and its checksum', async () => {
    const reply = await upload(t, { name: 'gold-miner.apk', kind: 'app', bytes: apk });
    expect(reply.statusCode).toBe(200);
    const file = dataOf<UserFile>(reply);
    expect(file).toMatchObject({
      name: 'gold-miner.apk',
      kind: 'app',
      size: apk.length,
      sha256: sha256(apk),
      packageName: 'com.example.miner',
      label: 'Gold Miner',
      versionName: '2.3.1',
      versionCode: 7,
    });
    expect(file.icon).toMatch(/^data:image\/png;base64,/);
    expect(await library()).toMatchObject({ total: 1, usedBytes: apk.length, list: [{ fileId: file.fileId }] });
  });

  it('takes at most 3 files in one upload batch', async () => {
    const batchId = randomUUID();
    for (const n of [1, 2, 3]) {
      const created = await createUpload(t, { name: `n${n}.txt`, kind: 'file', bytes: Buffer.from(`${n}`), batchId });
      expect(created.statusCode).toBe(201);
    }
    const fourth = await createUpload(t, { name: 'n4.txt', kind: 'file', bytes: Buffer.from('4'), batchId });
    expect(fourth.statusCode).toBe(422);
    expect(refusalCode(fourth)).toBe(ERRORS.uploadTooManyFiles.code);
    // Another selection is another batch.
    expect((await createUpload(t, { name: 'n4.txt', kind: 'file', bytes: Buffer.from('4') })).statusCode).toBe(201);
  });

  it('refuses a file over 2 GB before a byte of it arrives, in the caller language', async () => {
    const reply = await createUpload(t, {
      name: 'huge.apk',
      kind: 'app',
      bytes: Buffer.from('x'),
      length: UPLOAD.maxFileBytes + 1,
    });
    expect(reply.statusCode).toBe(422);
    expect(JSON.parse(reply.body)).toMatchObject({
      code: ERRORS.uploadTooLarge.code,
      msg: ERRORS.uploadTooLarge['zh-CN'],
    });
  });

  it('refuses an app without a package extension, and takes the same file as a plain file', async () => {
    const bytes = Buffer.from('MZ not a package');
    const asApp = await createUpload(t, { name: 'setup.exe', kind: 'app', bytes });
    expect(refusalCode(asApp)).toBe(ERRORS.uploadBadExtension.code);
    expect((await upload(t, { name: 'setup.exe', kind: 'file', bytes })).statusCode).toBe(200);
  });

  it('refuses the same app and version twice, and a broken package, giving their room back', async () => {
    expect((await upload(t, { name: 'gold-miner.apk', kind: 'app', bytes: apk })).statusCode).toBe(200);
    const again = await upload(t, { name: 'copy.apk', kind: 'app', bytes: apk });
    expect(again.statusCode).toBe(422);
    expect(refusalCode(again)).toBe(ERRORS.uploadAppExists.code);
    const broken = await upload(t, { name: 'broken.apk', kind: 'app', bytes: apk.subarray(0, apk.length / 2) });
    expect(refusalCode(broken)).toBe(ERRORS.packageParseError.code);
    expect(await library()).toMatchObject({ total: 1, usedBytes: apk.length });
  });

  it('refuses a file whose bytes do not match the checksum the browser sent', async () => {
    const bytes = Buffer.from('hello');
    const reply = await upload(t, { name: 'a.txt', kind: 'file', bytes, sha256: sha256(Buffer.from('other')) });
    expect(refusalCode(reply)).toBe(ERRORS.uploadChecksumMismatch.code);
    expect((await library()).total).toBe(0);
  });

  it('refuses an upload past the storage quota the merchant set', async () => {
    await t.app.repos.config.setTenantValue(t.me.tenantId, 'upload.user.storage.mb', '1');
    const big = await createUpload(t, {
      name: 'big.bin',
      kind: 'file',
      bytes: Buffer.alloc(1),
      length: 2 * 1024 * 1024,
    });
    expect(refusalCode(big)).toBe(ERRORS.uploadQuotaExceeded.code);
    expect((await upload(t, { name: 'small.txt', kind: 'file', bytes: Buffer.from('ok') })).statusCode).toBe(200);
  });

  it('resumes an upload cut at 50 % where it stopped, and the file it yields matches its checksum', async () => {
    const bytes = randomBytes(4 * 1024 * 1024);
    const created = await createUpload(t, { name: 'video.bin', kind: 'file', bytes });
    const location = created.headers.location as string;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const headers = {
      ...t.api.headers,
      authorization: `Bearer ${t.me.token}`,
      'tus-resumable': '1.0.0',
      'content-type': 'application/offset+octet-stream',
    };

    // Half the file goes out, then the connection drops.
    await new Promise<void>((resolve) => {
      const cut = httpRequest({
        port,
        host: '127.0.0.1',
        path: location,
        method: 'PATCH',
        headers: { ...headers, 'upload-offset': '0', 'content-length': String(bytes.length) },
      });
      cut.on('error', () => resolve());
      cut.write(bytes.subarray(0, bytes.length / 2), () => setTimeout(() => cut.destroy(), 100));
      cut.on('close', () => resolve());
    });

    // The client asks where to go on from, and sends the rest.
    let offset = 0;
    for (let tries = 0; tries < 50; tries++) {
      const head = await fetch(`http://127.0.0.1:${port}${location}`, { method: 'HEAD', headers });
      offset = Number(head.headers.get('upload-offset'));
      if (offset > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(bytes.length / 2);
    const rest = await fetch(`http://127.0.0.1:${port}${location}`, {
      method: 'PATCH',
      headers: { ...headers, 'upload-offset': String(offset) },
      body: bytes.subarray(offset),
    });
    expect(rest.status).toBe(200);
    const file = ((await rest.json()) as { data: UserFile }).data;
    expect(file).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
    const kept = await new Promise<Buffer>((resolve, reject) => {
      void t.blobs.read(file.sha256).then((stream) => {
        const chunks: Buffer[] = [];
        stream
          .on('data', (c: Buffer) => chunks.push(c))
          .on('end', () => resolve(Buffer.concat(chunks)))
          .on('error', reject);
      });
    });
    expect(sha256(kept)).toBe(sha256(bytes));
  });

  it("answers another user's upload as not found", async () => {
    const created = await createUpload(t, { name: 'mine.txt', kind: 'file', bytes: Buffer.from('mine') });
    const otherToken = (await t.api.smsLoginOk('13711112222')).accessToken;
    const reply = await t.app.inject({
      method: 'PATCH',
      url: created.headers.location as string,
      payload: Buffer.from('theirs'),
      headers: {
        ...t.api.headers,
        authorization: `Bearer ${otherToken}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
    });
    expect(reply.statusCode).toBe(422);
    expect(refusalCode(reply)).toBe(ERRORS.fileNotFound.code);
  });

  it('refuses an upload without a signed-in user', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: `${FILES}/upload`,
      headers: {
        ...t.api.headers,
        'tus-resumable': '1.0.0',
        'upload-length': '3',
        'upload-metadata': uploadMetadata({ filename: 'a' }),
      },
    });
    expect(codeOf(reply)).toBe(401);
  });

  it('refuses a file name holding a NUL byte or a control character, and never tells a store fault in its words', async () => {
    for (const name of ['a\u0000.txt', 'two\nlines.txt', 'bell\u0007.txt']) {
      const reply = await createUpload(t, { name, kind: 'file', bytes: Buffer.from('x') });
      expect(reply.statusCode, JSON.stringify(name)).toBe(422);
      expect(refusalCode(reply)).toBe(ERRORS.invalidParameter.code);
    }
    // A database fault under an upload is a system exception; the database's own message stays in the log.
    await t.app.db.schema.dropTable('user_storage').execute();
    const broken = await createUpload(t, { name: 'fine.txt', kind: 'file', bytes: Buffer.from('x') });
    expect(broken.statusCode).toBe(500);
    expect(JSON.parse(broken.body)).toEqual({
      code: ERRORS.systemException.code,
      msg: ERRORS.systemException['zh-CN'],
      data: null,
    });
  });
});
