import { createCanvas, Image } from '@napi-rs/canvas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { buildTestApp } from './helpers/databases';

/** The colour of a PNG's pixel at (x, y): [r, g, b]. */
function pixelOf(png: Buffer, x: number, y: number): number[] {
  const image = new Image();
  image.src = png;
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3));
}

const near = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] ?? 0)), 0) < 30;

/** Tenants look like themselves (issue 22): each client's logo, icons and PWA manifest. */
describe('a client’s brand', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(openDatabase(':memory:'));
  });
  afterAll(() => app.close());

  it('serves each client a manifest of its own, naming icons made from its own logo', async () => {
    const manifest = (await app.inject({ url: '/app/brand/tenant100/manifest.webmanifest' })).json<{
      id: string;
      name: string;
      start_url: string;
      theme_color: string;
      icons: { src: string; sizes: string }[];
    }>();
    expect(manifest).toMatchObject({ id: '/app/tenant100', start_url: '/app/tenant100', name: 'Cloudphone AI' });
    expect(manifest.theme_color).toBe('#1C4E42');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) expect(icon.src).toMatch(/^\/app\/brand\/tenant100\/icon-(192|512)\.png\?v=/);

    const icon = await app.inject({ url: manifest.icons[0]!.src });
    expect(icon.headers['content-type']).toBe('image/png');
    // tenant100's green tile, where the demo's is blue.
    expect(near(pixelOf(icon.rawPayload, 12, 96), [0x1c, 0x4e, 0x42])).toBe(true);
    const demo = await app.inject({ url: '/app/brand/demo/icon-192.png' });
    expect(near(pixelOf(demo.rawPayload, 12, 96), [0x50, 0x60, 0xff])).toBe(true);
  });

  it('takes a logo the merchant sets, and names new icons for it', async () => {
    const canvas = createCanvas(64, 64);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ff0000';
    context.fillRect(0, 0, 64, 64);
    const { logoUrl } = await app.services.brand.setLogo('demo', canvas.toBuffer('image/png'));
    expect(logoUrl).toMatch(/^\/app\/brand\/demo\/logo\?v=[0-9a-f]{12}$/);
    const manifest = (await app.inject({ url: '/app/brand/demo/manifest.webmanifest' })).json<{
      icons: { src: string }[];
    }>();
    const icon = await app.inject({ url: manifest.icons[1]!.src });
    expect(pixelOf(icon.rawPayload, 256, 256)).toEqual([255, 0, 0]);
    await expect(app.services.brand.setLogo('demo', Buffer.from('not a picture'))).rejects.toMatchObject({
      key: 'invalidParameter',
    });
  });
});
