import { describe, expect, it } from 'vitest';
import { completeBrowser } from './browser-info';

const request = {
  acceptHeader: 'text/html,application/xhtml+xml',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  customerIp: '203.0.113.7',
  acceptLanguage: 'de-DE,de;q=0.9,en;q=0.5',
};

describe('completeBrowser', () => {
  it('merges the client fields with what the server knows', () => {
    const client = {
      language: 'en-GB',
      timeZoneOffset: -60,
      timeZone: 'Europe/Berlin',
      colorDepth: 24,
      screenHeight: 1080,
      screenWidth: 1920,
      windowHeight: 900,
      windowWidth: 1400,
      javaEnabled: false,
      javascriptEnabled: true,
    };
    expect(completeBrowser(JSON.stringify(client), request)).toEqual({
      ...client,
      acceptHeader: 'text/html,application/xhtml+xml',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      customerIp: '203.0.113.7',
    });
  });

  it('without JavaScript: javascriptEnabled false and the language from Accept-Language', () => {
    expect(completeBrowser(null, request)).toEqual({
      javaEnabled: false,
      javascriptEnabled: false,
      language: 'de-DE',
      acceptHeader: 'text/html,application/xhtml+xml',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      customerIp: '203.0.113.7',
    });
  });

  it('ignores forged or malformed client fields', () => {
    expect(completeBrowser('{not json', request).javascriptEnabled).toBe(false);
    expect(completeBrowser(JSON.stringify({ colorDepth: 'deep', javascriptEnabled: true }), request).javascriptEnabled).toBe(false);
    expect(completeBrowser(JSON.stringify({ screenWidth: 10, javascriptEnabled: false }), request).screenWidth).toBeUndefined();
  });

  it('leaves out what nobody knows', () => {
    expect(completeBrowser(null, { acceptHeader: null, userAgent: null, customerIp: undefined, acceptLanguage: null })).toEqual({
      javaEnabled: false,
      javascriptEnabled: false,
    });
  });
});
