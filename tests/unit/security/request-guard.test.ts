import { describe, expect, it } from 'vitest';
import { repairRequestTarget } from '@/lib/security/request-target';
import { refuseServerAction } from '@/lib/security/server-actions';

describe('repairRequestTarget', () => {
  it.each([
    ['/api/agent', '/api/agent'],
    ['/api/agent?x=%ff', '/api/agent?x=%ff'],
    ['/case-studies/caf%C3%A9', '/case-studies/caf%C3%A9'],
    ['/api/%ff', '/api/%25ff'],
    ['/api/%zz/x', '/api/%25zz/x'],
    ['/a/%', '/a/%25'],
    ['/a/%e0%a4?q=%ff', '/a/%25e0%25a4?q=%ff'],
    ['/a/%C3%A9%ff', '/a/%25C3%25A9%25ff'],
    ['/a/%41%ff/%C3%A9', '/a/%2541%25ff/%C3%A9'],
  ])('%s -> %s', (target, repaired) => {
    expect(repairRequestTarget(target)).toBe(repaired);
    expect(() => decodeURIComponent(repaired.split('?')[0] ?? '')).not.toThrow();
  });
});

describe('refuseServerAction', () => {
  const known = new Set(['60d6569bc89ef716cabc0e70dc9c2546d0be69b3b4']);
  const form = { host: 'site.test', 'content-type': 'multipart/form-data; boundary=x' };
  it('lets same-site submissions, submissions without Origin, API calls and other requests through', () => {
    expect(refuseServerAction('POST', '/contact', { ...form, origin: 'http://site.test' })).toBeUndefined();
    expect(refuseServerAction('POST', '/contact', form)).toBeUndefined();
    expect(
      refuseServerAction('POST', '/contact', {
        ...form,
        origin: 'https://proxy.example',
        'x-forwarded-host': 'proxy.example',
      }),
    ).toBeUndefined();
    expect(
      refuseServerAction('POST', '/api/agent/tools/x', { ...form, origin: 'https://evil.example' }),
    ).toBeUndefined();
    expect(refuseServerAction('GET', '/contact', { ...form, origin: 'https://evil.example' })).toBeUndefined();
    expect(
      refuseServerAction('POST', '/contact', {
        host: 'site.test',
        'content-type': 'application/json',
        origin: 'https://evil.example',
      }),
    ).toBeUndefined();
  });

  it('refuses a cross-site or opaque Origin with 403 and an unreadable one with 400', () => {
    expect(refuseServerAction('POST', '/contact', { ...form, origin: 'https://evil.example' })?.status).toBe(403);
    expect(refuseServerAction('POST', '/', { host: 'site.test', 'next-action': 'abc', origin: 'null' })?.status).toBe(
      403,
    );
    expect(refuseServerAction('POST', '/contact', { ...form, origin: 'https://site.test, evil.example' })?.status).toBe(
      400,
    );
    expect(refuseServerAction('POST', '/contact', { ...form, origin: '%%%' })?.status).toBe(400);
  });

  it('refuses a Next-Action id the build does not have with 404, and lets a known one through', () => {
    const action = (id: string) => ({ host: 'site.test', 'next-action': id, origin: 'http://site.test' });
    expect(refuseServerAction('POST', '/a', action('abc'), known)?.status).toBe(404);
    expect(refuseServerAction('POST', '/contact', action(''), known)?.status).toBe(404);
    expect(
      refuseServerAction('POST', '/contact', action('60d6569bc89ef716cabc0e70dc9c2546d0be69b3b4'), known),
    ).toBeUndefined();
    // Without the list (next dev), the id is left to Next.
    expect(refuseServerAction('POST', '/a', action('abc'))).toBeUndefined();
  });
});
