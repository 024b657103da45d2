import { describe, expect, it } from 'vitest';
import { trailingSlashRedirect } from '@/lib/http/trailing-slash';

describe('trailingSlashRedirect', () => {
  it('redirects a page path to the path without its slash', () => {
    expect(trailingSlashRedirect('/about/')).toBe('/about');
    expect(trailingSlashRedirect('/case-studies/one//')).toBe('/case-studies/one');
  });

  it('keeps the target on this site: repeated slashes become one', () => {
    expect(trailingSlashRedirect('//evil.example/about/')).toBe('/evil.example/about');
    expect(trailingSlashRedirect('//')).toBe('/');
  });

  it('leaves the API, the homepage and paths without a trailing slash alone', () => {
    for (const path of ['/api/agent/', '/api/mcp/', '/api/', '/', '/about', '/llms.txt']) {
      expect(trailingSlashRedirect(path), path).toBeUndefined();
    }
  });
});
