import { describe, expect, it } from 'vitest';
import { requestAuthority } from '@/lib/security/request-line';

describe('requestAuthority', () => {
  it('reads an origin-form target with its Host, and an absolute-form one by its own authority', () => {
    expect(requestAuthority('/about?x=1', 'site.test')).toEqual({ authority: 'site.test', target: '/about?x=1' });
    expect(requestAuthority('http://other.example:8080/about?x=1', 'site.test')).toEqual({
      authority: 'other.example:8080',
      target: '/about?x=1',
    });
    expect(requestAuthority('/about', undefined)).toEqual({ authority: undefined, target: '/about' });
  });

  it('names no authority for a target that is neither', () => {
    expect(requestAuthority('*', 'site.test').authority).toBeUndefined();
    expect(requestAuthority('ftp://other.example/', 'site.test').authority).toBeUndefined();
  });
});
