import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BRAND_ICON_SIZES, BRAND_PATH, type BrandIconSize } from '../services/content/brand.service';

/** A client's brand changes rarely; a new logo comes under a new `?v=`. */
const CACHE = 'public, max-age=3600';

/**
 * A client's logo, icons and PWA manifest (issue 22), under /app/brand/{clientNo}/: files a browser
 * fetches by URL (the manifest link, the favicon), not API calls.
 */
export default async function brandRoutes(app: FastifyInstance) {
  const { brand } = app.services;
  type Params = { Params: { clientNo: string } };
  const docs = { summary: 'A client’s brand', access: 'public' as const, response: z.null(), hidden: true };
  app.get<Params>(`${BRAND_PATH}/:clientNo/manifest.webmanifest`, { config: { docs } }, async (request, reply) => {
    reply.type('application/manifest+json').header('cache-control', 'no-cache');
    return brand.manifest(request.params.clientNo);
  });
  app.get<Params>(`${BRAND_PATH}/:clientNo/logo`, { config: { docs } }, async (request, reply) => {
    const logo = await brand.logo(request.params.clientNo);
    return reply.type(logo.type).header('cache-control', CACHE).send(logo.bytes);
  });
  // The customer-service QR picture the admin CLI keeps (issue 24).
  app.get<Params>(`${BRAND_PATH}/:clientNo/customer-service-qr`, { config: { docs } }, async (request, reply) => {
    const qr = await brand.customerServiceQr(request.params.clientNo);
    return reply.type(qr.type).header('cache-control', CACHE).send(qr.bytes);
  });
  // A banner's picture the console uploaded (issue 64): its address names its content, so it is kept a year.
  app.get<{ Params: { clientNo: string; sha256: string } }>(
    `${BRAND_PATH}/:clientNo/picture/:sha256`,
    { config: { docs } },
    async (request, reply) => {
      const picture = await brand.shownPicture(request.params.clientNo, request.params.sha256);
      return reply
        .type(picture.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(picture.bytes);
    },
  );
  for (const size of BRAND_ICON_SIZES)
    app.get<Params>(`${BRAND_PATH}/:clientNo/icon-${size}.png`, { config: { docs } }, async (request, reply) => {
      const png = await brand.icon(request.params.clientNo, size as BrandIconSize);
      return reply.type('image/png').header('cache-control', CACHE).send(png);
    });
}
