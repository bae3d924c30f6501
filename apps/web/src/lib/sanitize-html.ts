const BLOCKED = 'script,style,iframe,object,embed,link,meta,form';

/** Merchant HTML (agreements, messages) with scripts, frames and event handlers removed. */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll(BLOCKED).forEach((el) => el.remove());
  doc.querySelectorAll('*').forEach((el) => {
    for (const attr of Array.from(el.attributes)) {
      const value = attr.value.trim().toLowerCase();
      if (
        attr.name.startsWith('on') ||
        ((attr.name === 'href' || attr.name === 'src') && value.startsWith('javascript:'))
      ) {
        el.removeAttribute(attr.name);
      }
    }
  });
  return doc.body.innerHTML;
}
