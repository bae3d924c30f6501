/** What a customer-service link reaches: an e-mail address, a phone number, or a web page. */
export type ContactKind = 'email' | 'phone' | 'web';

export interface ContactLink {
  kind: ContactKind;
  /** The link as a person reads it: the address or number without its scheme, a page without `https://`. */
  text: string;
  /** Whether it opens in a new tab: a mail or call link hands over to an app instead. */
  newTab: boolean;
}

/** A merchant's customer-service link (admin CLI `client:customer-service --link`) as the page shows and opens it. */
export function contactLink(link: string): ContactLink {
  const scheme = /^(mailto|tel):([^?#]*)/i.exec(link.trim());
  if (scheme) {
    const text = safeDecode(scheme[2]!);
    return { kind: scheme[1]!.toLowerCase() === 'mailto' ? 'email' : 'phone', text, newTab: false };
  }
  return {
    kind: 'web',
    text: link
      .trim()
      .replace(/^https?:\/\//i, '')
      .replace(/\/$/, ''),
    newTab: true,
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The label beside the link, by what it reaches. */
export const CONTACT_LABEL_KEYS = {
  email: 'support.email',
  phone: 'support.phone',
  web: 'support.link',
} as const satisfies Record<ContactKind, string>;

/** Opens the link: a page in a new tab; a mail or call link in this one, which hands it to the mail or phone app. */
export function openContactLink(link: string): void {
  if (contactLink(link).newTab) window.open(link, '_blank', 'noopener');
  else window.location.assign(link);
}
