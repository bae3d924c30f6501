/** Where the server keeps each client's brand (apps/server/src/services/content/brand.service.ts). */
const BRAND_PATH = '/app/brand';

/** Points the page's `<link rel>` of this name at `href`, adding it when missing. */
function link(rel: string, href: string, type?: string): void {
  let element = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!element) {
    element = document.createElement('link');
    element.rel = rel;
    document.head.append(element);
  }
  element.href = href;
  if (type) element.type = type;
}

/**
 * The page looks like the client it is open on (issue 22): its name as the title, its logo as the
 * favicon, and its own PWA manifest (so an installed app is the merchant's, opening on its home).
 */
export function applyBrand(clientNo: string, clientName: string): void {
  document.title = clientName;
  link('manifest', `${BRAND_PATH}/${clientNo}/manifest.webmanifest`);
  link('icon', `${BRAND_PATH}/${clientNo}/icon-192.png`, 'image/png');
  link('apple-touch-icon', `${BRAND_PATH}/${clientNo}/icon-192.png`);
}
