import { describe, expect, it } from 'vitest';
import { contactLink } from './contact-link';

describe('a customer-service link as the page shows it', () => {
  it('shows an e-mail address without mailto: or its subject, and hands the link to the mail app', () => {
    expect(contactLink('mailto:support@example.com')).toEqual({
      kind: 'email',
      text: 'support@example.com',
      newTab: false,
    });
    expect(contactLink('MAILTO:help%40shop.cn?subject=Hi').text).toBe('help@shop.cn');
  });

  it('shows a phone number without tel:', () => {
    expect(contactLink('tel:+86-400-000-0000')).toEqual({ kind: 'phone', text: '+86-400-000-0000', newTab: false });
  });

  it('shows a web page without its scheme and opens it in a new tab', () => {
    expect(contactLink('https://help.shop.cn/chat/')).toEqual({ kind: 'web', text: 'help.shop.cn/chat', newTab: true });
    expect(contactLink('http://shop.cn/kf?id=3').text).toBe('shop.cn/kf?id=3');
  });

  it('keeps an address it cannot decode as written', () => {
    expect(contactLink('mailto:a%E0@b.cn').text).toBe('a%E0@b.cn');
  });
});
