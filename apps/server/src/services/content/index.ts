import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ServiceContext } from '../service-context';
import { AnalyticsService } from './analytics.service';
import { BrandService, type Picture } from './brand.service';
import { ContentService } from './content.service';
import { MessageService } from './message.service';

/** The product's own logo (the web app's), for a client that has none of its own. */
const PRODUCT_LOGO = fileURLToPath(new URL('../../../../web/public/icons/logo.svg', import.meta.url));
const productLogo = async (): Promise<Picture> => ({ bytes: await readFile(PRODUCT_LOGO), type: 'image/svg+xml' });

/** What a client shows and tells: pages, brand, messages to users, and the analytics they send. */
export function createContent({ repos, events, clock, blobs, throttle, jobs }: ServiceContext) {
  return {
    messages: new MessageService(repos, events, clock),
    content: new ContentService(repos),
    brand: new BrandService(repos, blobs, productLogo),
    analytics: new AnalyticsService({ repos, throttle, jobs, clock }),
  };
}
