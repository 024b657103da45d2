import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { PAGE_VARY } from '../../../lib/http/shared-headers';
import { USER_AGENTS } from '../../fixtures/user-agents';
import { sharedApp } from '../support/shared-app';

/**
 * A page as each kind of client gets it, by User-Agent alone (a browser's Accept, or curl's `*\/*`): AI assistants
 * and AI crawlers get the markdown, search crawlers, browsers and generic clients the HTML page. Every answer names
 * all the request headers that choose between the two in Vary, so a cache never hands one to another.
 */
const app = sharedApp();

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const varyOf = (response: Response) =>
  (response.headers.get('vary') ?? '').split(/,\s*/).map((name) => name.toLowerCase());

describe('a page by User-Agent', () => {
  it.each(USER_AGENTS)('%s %s gets %s', async (_kind, userAgent, expected) => {
    for (const pathname of ['/', '/about']) {
      for (const accept of [BROWSER_ACCEPT, '*/*']) {
        const response = await fetch(`${app.url}${pathname}`, { headers: { 'User-Agent': userAgent, Accept: accept } });
        expect(response.status, pathname).toBe(200);
        const body = await response.text();
        if (expected === 'markdown') {
          expect(response.headers.get('content-type'), pathname).toBe('text/markdown; charset=utf-8');
          expect(matter(body).data.canonical_url, pathname).toMatch(
            new RegExp(`${pathname === '/' ? '/$' : pathname}$`),
          );
        } else {
          expect(response.headers.get('content-type'), pathname).toBe('text/html; charset=utf-8');
          expect(body, pathname).toMatch(/^<!DOCTYPE html>/);
        }
        for (const name of PAGE_VARY.split(', ')) expect(varyOf(response), pathname).toContain(name.toLowerCase());
      }
    }
  });

  it('an unknown page asked for by an AI agent is the markdown 404', async () => {
    const response = await fetch(`${app.url}/no-such-page`, { headers: { 'User-Agent': 'Claude-User/1.0' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });
});
