import { Readable } from 'node:stream';
import { createCanvas, Image } from '@napi-rs/canvas';
import { THEMES } from '@cloudphone/contracts/theme';
import { AppError } from '../app-error';
import type { BlobStore } from '../../providers/blob-store/blob-store';
import type { CustomerService } from '@cloudphone/contracts/content';
import type { Client } from '../../repositories/client.repository';
import type { RepositoriesOf } from '../../repositories/index';

/** Where a client's brand is served: its logo, its icons and its PWA manifest (outside /api). */
export const BRAND_PATH = '/app/brand';
/** The sizes of the icons a manifest names (what Android and desktop installs ask for). */
export const BRAND_ICON_SIZES = [192, 512] as const;
export type BrandIconSize = (typeof BRAND_ICON_SIZES)[number];

export interface Picture {
  bytes: Buffer;
  type: 'image/png' | 'image/jpeg' | 'image/svg+xml';
}

/** What a logo file is, by its first bytes; anything else is not a logo. */
function pictureType(bytes: Buffer): Picture['type'] | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  const head = bytes.subarray(0, 512).toString('utf8');
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/.test(head)) return 'image/svg+xml';
  return undefined;
}

/**
 * Tenants look like themselves (issue 22): each client's logo (kept in the blob store, the merchant
 * sets it with the admin CLI), the favicon and PWA icons made from it, and a manifest of its own —
 * its name, its colour, `id` and `start_url` at /app/{clientNo} — so a customer who installs the app
 * gets the merchant's, not ours.
 */
export class BrandService {
  private readonly icons = new Map<string, Buffer>();

  constructor(
    private readonly repos: RepositoriesOf<'clients' | 'content'>,
    private readonly blobs: BlobStore,
    /** The product's own logo, for a client that has none. */
    private readonly defaultLogo: () => Promise<Picture>,
  ) {}

  /**
   * Keeps a logo (PNG, JPEG or SVG) for the client; the app shows it from then on. `repos` is the caller's
   * unit of work when the change is written with its audit row (the picture itself is a blob either way).
   */
  async setLogo(
    clientNo: string,
    bytes: Buffer,
    repos: RepositoriesOf<'clients'> = this.repos,
  ): Promise<{ logoUrl: string }> {
    const client = await this.client(clientNo, repos);
    if (!pictureType(bytes)) throw new AppError('invalidParameter');
    const { sha256 } = await this.blobs.write(Readable.from([bytes]));
    const logoUrl = `${BRAND_PATH}/${client.clientNo}/logo?v=${sha256.slice(0, 12)}`;
    await repos.clients.setLogo(client.id, sha256, logoUrl);
    return { logoUrl };
  }

  /**
   * The client's customer-service contact (issue 24): a QR picture (kept in the blob store and served
   * under the client's brand) or a QR image URL, a link, the working hours. Neither picture nor URL given
   * keeps the QR code it has.
   */
  async setCustomerService(
    clientNo: string,
    contact: { qrFile?: Buffer; qrUrl?: string; link?: string; workTime?: string },
    repos: RepositoriesOf<'clients' | 'content'> = this.repos,
  ): Promise<CustomerService> {
    const client = await this.client(clientNo, repos);
    let qrCodeUrl = contact.qrUrl ?? '';
    let qrSha256: string | null = null;
    if (contact.qrFile) {
      if (!pictureType(contact.qrFile)) throw new AppError('invalidParameter');
      qrSha256 = (await this.blobs.write(Readable.from([contact.qrFile]))).sha256;
      qrCodeUrl = `${BRAND_PATH}/${client.clientNo}/customer-service-qr?v=${qrSha256.slice(0, 12)}`;
    } else if (contact.qrUrl === undefined) {
      qrCodeUrl = (await repos.content.customerService(client.id))?.qrCodeUrl ?? '';
      qrSha256 = await repos.content.customerServiceQr(client.id);
    }
    const saved = { qrCodeUrl, link: contact.link ?? '', workTime: contact.workTime ?? '' };
    await repos.content.setCustomerService(client.id, saved, qrSha256);
    return saved;
  }

  /**
   * Keeps a picture a client shows beside its logo (a banner's, issue 64): refused unless PNG, JPEG or
   * SVG; the address it is served at under the client's brand.
   */
  async keepPicture(clientNo: string, bytes: Buffer): Promise<{ sha256: string; url: string }> {
    if (!pictureType(bytes)) throw new AppError('invalidParameter');
    const { sha256 } = await this.blobs.write(Readable.from([bytes]));
    return { sha256, url: `${BRAND_PATH}/${clientNo.toLowerCase()}/picture/${sha256}` };
  }

  /** A kept picture the client's tenant shows now; any other blob is not found here. */
  async shownPicture(clientNo: string, sha256: string): Promise<Picture> {
    const client = await this.client(clientNo);
    if (!/^[0-9a-f]{64}$/.test(sha256) || !(await this.repos.content.showsPicture(client.tenantId, sha256)))
      throw new AppError('notFound');
    return this.picture(sha256);
  }

  async customerServiceQr(clientNo: string): Promise<Picture> {
    const client = await this.client(clientNo);
    const sha256 = await this.repos.content.customerServiceQr(client.id);
    if (!sha256) throw new AppError('noCustomerService');
    return this.picture(sha256);
  }

  private async picture(sha256: string): Promise<Picture> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.blobs.read(sha256)) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    return { bytes, type: pictureType(bytes) ?? 'image/png' };
  }

  async logo(clientNo: string): Promise<Picture> {
    const client = await this.client(clientNo);
    if (!client.logoSha256) return this.defaultLogo();
    return this.picture(client.logoSha256);
  }

  /** The client's logo as a square PNG of `size` pixels, made once per logo and size. */
  async icon(clientNo: string, size: BrandIconSize): Promise<Buffer> {
    const client = await this.client(clientNo);
    const key = `${client.logoSha256 ?? 'default'}:${size}`;
    const made = this.icons.get(key);
    if (made) return made;
    const image = new Image();
    image.src = (await this.logo(clientNo)).bytes;
    const canvas = createCanvas(size, size);
    const width = image.width || size;
    const height = image.height || size;
    const scale = Math.min(size / width, size / height);
    canvas
      .getContext('2d')
      .drawImage(image, (size - width * scale) / 2, (size - height * scale) / 2, width * scale, height * scale);
    const png = canvas.toBuffer('image/png');
    this.icons.set(key, png);
    return png;
  }

  /** The client's PWA manifest: its name and colour, opening on its own home. */
  async manifest(clientNo: string) {
    const client = await this.client(clientNo);
    const color = THEMES[client.theme].baseColor;
    return {
      id: `/app/${client.clientNo}`,
      name: client.name,
      short_name: client.name,
      start_url: `/app/${client.clientNo}`,
      scope: '/app/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: color,
      icons: BRAND_ICON_SIZES.map((size) => ({
        src: `${BRAND_PATH}/${client.clientNo}/icon-${size}.png?v=${(client.logoSha256 ?? 'default').slice(0, 12)}`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      })),
    };
  }

  private async client(clientNo: string, repos: RepositoriesOf<'clients'> = this.repos): Promise<Client> {
    const client = await repos.clients.findByClientNo(clientNo.toLowerCase());
    if (!client) throw new AppError('notFound');
    return client;
  }
}
