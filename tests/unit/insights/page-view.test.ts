import { describe, expect, it } from 'vitest';
import { beaconViewOf, pageViewOf } from '@/lib/insights/page-view';

const headersOf = (values: Record<string, string>) => ({
  get: (name: string) => values[name.toLowerCase()] ?? null,
});

const HOST = 'consultancy.example';
const view = (values: Record<string, string>, target = '/about', method = 'GET') =>
  pageViewOf(method, target, headersOf(values), HOST);

/** What Chromium sends for a full page load, and what Next's router sends for a click inside the site. */
const FULL_LOAD = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
const ROUTER_NAVIGATION = { rsc: '1', 'next-router-state-tree': '%5B%5D', 'sec-fetch-dest': 'empty' };

describe('a page view', () => {
  it('is a full load, or a navigation by Next’s router inside the site', () => {
    expect(view(FULL_LOAD)).toEqual({ insideSite: false, arriving: true });
    expect(view({ ...FULL_LOAD, referer: `https://${HOST}/` })).toEqual({ insideSite: false, arriving: false });
    expect(view(ROUTER_NAVIGATION)).toEqual({ insideSite: true, arriving: false });
    // Agents and scripts send no Fetch Metadata: their GET of a page is a read.
    expect(view({ 'user-agent': 'ClaudeBot/1.0' })).toEqual({ insideSite: false, arriving: true });
  });

  it('is never a prefetch, a HEAD, or a fetch of the page by a script on it', () => {
    expect(view({ ...ROUTER_NAVIGATION, 'next-router-prefetch': '1' })).toBeUndefined();
    expect(view({ ...ROUTER_NAVIGATION, 'next-router-segment-prefetch': '/_tree' })).toBeUndefined();
    expect(view({ ...FULL_LOAD, 'sec-purpose': 'prefetch;prerender' })).toBeUndefined();
    expect(view({ ...FULL_LOAD, purpose: 'prefetch' })).toBeUndefined();
    expect(view(FULL_LOAD, '/about', 'HEAD')).toBeUndefined();
    expect(view({ 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' })).toBeUndefined();
    expect(view({ 'sec-fetch-dest': 'image' })).toBeUndefined();
  });

  it('names the assistant that sent the person, by the Referer’s host or the link’s utm_source', () => {
    expect(view({ ...FULL_LOAD, referer: 'https://chatgpt.com/' })?.sentBy).toBe('chatgpt');
    expect(view({ ...FULL_LOAD, referer: 'https://www.perplexity.ai/search?q=x' })?.sentBy).toBe('perplexity');
    expect(view({ ...FULL_LOAD, referer: 'https://gemini.google.com/app' })?.sentBy).toBe('gemini');
    expect(view(FULL_LOAD, '/about?utm_source=chatgpt.com')?.sentBy).toBe('chatgpt');
    expect(view(FULL_LOAD, '/about?utm_source=perplexity')?.sentBy).toBe('perplexity');
    expect(view({ ...FULL_LOAD, referer: 'https://www.google.com/' })?.sentBy).toBeUndefined();
    // Inside the site, the visit was counted where it began.
    expect(
      view({ ...FULL_LOAD, referer: `https://${HOST}/` }, '/about?utm_source=chatgpt.com')?.sentBy,
    ).toBeUndefined();
  });

  it('counts a Referer that is not a URL, one too long, or a utm_source with markup as no assistant', () => {
    expect(view({ ...FULL_LOAD, referer: 'chatgpt.com' })).toEqual({ insideSite: false, arriving: true });
    expect(view({ ...FULL_LOAD, referer: `https://chatgpt.com/${'a'.repeat(10_000)}` })?.sentBy).toBeUndefined();
    expect(view(FULL_LOAD, '/about?utm_source=%3Cscript%3Echatgpt.com')?.sentBy).toBeUndefined();
    expect(view(FULL_LOAD, `/about?utm_source=${'x'.repeat(200)}`)?.sentBy).toBeUndefined();
    expect(view({ ...FULL_LOAD, referer: 'https://chatgpt.com.evil.example/' })?.sentBy).toBeUndefined();
  });
});

describe('a view the page reports', () => {
  const reported = (query: string, values: Record<string, string> = {}) =>
    beaconViewOf(`/page-view.gif${query}`, headersOf({ host: HOST, ...values }));

  it('is the first view of a document, a visit unless it came from the site itself, or a navigation inside it', () => {
    expect(reported('?p=%2Fabout')).toEqual({ page: '/about', insideSite: false, arriving: true });
    expect(reported(`?p=%2Fabout&from=${HOST}`)).toEqual({ page: '/about', insideSite: false, arriving: false });
    expect(reported('?p=%2Fabout&in=1&from=chatgpt.com')).toEqual({
      page: '/about',
      insideSite: true,
      arriving: false,
    });
  });

  it('names the assistant that sent the person by the host or the utm_source the page read', () => {
    expect(reported('?p=%2F&from=chatgpt.com')?.sentBy).toBe('chatgpt');
    expect(reported('?p=%2F&from=www.google.com&utm=perplexity')?.sentBy).toBe('perplexity');
    expect(reported('?p=%2F&from=%3Cb%3Eclaude.ai')?.sentBy).toBeUndefined();
    expect(reported(`?p=%2F&from=${'a'.repeat(500)}.chatgpt.com`)?.sentBy).toBeUndefined();
  });

  it('without script, is the page its same-site Referer names; anything else is no view', () => {
    expect(reported('', { referer: `http://${HOST}/contact` })).toEqual({
      page: '/contact',
      insideSite: false,
      arriving: false,
    });
    expect(reported('', { referer: 'https://elsewhere.example/contact' })).toBeUndefined();
    expect(reported('?p=about')).toBeUndefined();
    expect(reported('')).toBeUndefined();
  });
});
