import { describe, expect, it } from 'vitest';
import { ownerLinkOrigin } from '@/lib/desk/owner-link-origin';

describe('where npm run desk-link puts its link', () => {
  it('on --origin when given, in either spelling, as an origin only', () => {
    const config = { SITE_URL: 'https://site.example' };
    expect(ownerLinkOrigin(['--origin', 'https://other.example/desk'], config, {})).toEqual({
      origin: 'https://other.example',
    });
    expect(ownerLinkOrigin(['--origin=http://127.0.0.1:8080'], config, {})).toEqual({
      origin: 'http://127.0.0.1:8080',
    });
  });

  it('on SITE_URL without it', () => {
    expect(ownerLinkOrigin([], { SITE_URL: 'https://site.example/' }, { PORT: '8080' })).toEqual({
      origin: 'https://site.example',
    });
  });

  it("on localhost and the server's default port without either, saying so", () => {
    const defaulted = ownerLinkOrigin([], {}, {});
    expect(defaulted.origin).toBe('http://localhost:3000');
    expect(defaulted.note).toMatch(/^SITE_URL is not set, so the link is on http:\/\/localhost:3000/);
    expect(defaulted.note).toContain('--origin');
    expect(ownerLinkOrigin([], {}, { PORT: '8080' }).origin).toBe('http://localhost:8080');
  });

  it('refuses an unknown argument and an origin that is not a web address, in plain words', () => {
    expect(() => ownerLinkOrigin(['--orign', 'https://x.example'], {}, {})).toThrow(/^Unknown argument --orign/);
    expect(() => ownerLinkOrigin(['--origin', 'ftp://x.example'], {}, {})).toThrow(/such as https:\/\/example\.com/);
    expect(() => ownerLinkOrigin(['--origin'], {}, {})).toThrow(/got ""/);
  });
});
