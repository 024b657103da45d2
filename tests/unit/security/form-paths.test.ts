import { describe, expect, it } from 'vitest';
import { refuseServerAction } from '@/lib/security/server-actions';

describe('form posts without JavaScript', () => {
  const form = { host: 'site.test', 'content-type': 'multipart/form-data; boundary=x' };

  it.each(['/about', '/', '/engagements/a.md', '/case-studies/x?y=1'])(
    'are refused with 405 on %s, which has no form',
    (path) => {
      expect(refuseServerAction('POST', path, form)).toMatchObject({ status: 405 });
    },
  );

  it.each(['/contact', '/contact/', '/contact?sent=1'])(
    'reach Next on %s, the page with the consultation form',
    (path) => {
      expect(refuseServerAction('POST', path, form)).toBeUndefined();
    },
  );

  it.each(['/a', '/contact'])('URL-encoded posts are refused with 405 on %s: no form here sends one', (path) => {
    expect(
      refuseServerAction('POST', path, { host: 'site.test', 'content-type': 'application/x-www-form-urlencoded' }),
    ).toMatchObject({ status: 405 });
  });

  it("leave the desk's sign-in route to check its own posts: its plain form is URL-encoded", () => {
    const urlEncoded = { host: 'site.test', 'content-type': 'application/x-www-form-urlencoded' };
    expect(refuseServerAction('POST', '/desk/session', urlEncoded)).toBeUndefined();
    expect(refuseServerAction('POST', '/desk/sign-in?token=x', urlEncoded)).toMatchObject({ status: 405 });
    expect(refuseServerAction('POST', '/desk/sign-in?token=x', form)).toMatchObject({ status: 405 });
  });

  it('leave other POSTs alone', () => {
    expect(
      refuseServerAction('POST', '/about', { host: 'site.test', 'content-type': 'application/json' }),
    ).toBeUndefined();
  });
});
