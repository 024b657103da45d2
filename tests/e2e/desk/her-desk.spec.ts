import { type Page, expect, test } from '@playwright/test';
import { AI_AGENT_UA_PATTERNS } from '@vercel/agent-readability';
import { type RunningApp, startApp } from '../../integration/support/app';
import { mailedSignInLink } from '../../integration/support/desk';
import { COUNTS_STORED_WITHIN_MS, countOf, embeddedStore, freshDataDir } from '../../integration/support/insights';
import { mcpPost, rpc } from '../../integration/support/redis';
import { type TestSmtpServer, startSmtpServer } from '../../integration/support/smtp';
import { content, mainNavigationLink } from '../support';

/**
 * The desk as the consultant meets it, in Chromium, against an instance of the built app of its own: what a
 * person's visit counts (page views, never prefetches), who sent them, every word she reads, and the page on a
 * phone and on a wide screen. Counted once, so the tests run in one project.
 */
test.describe.configure({ mode: 'serial' });

let smtp: TestSmtpServer;
let app: RunningApp;
const dataDir = freshDataDir();

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one instance of the app counts one visit: measured once');
});
test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== 'desktop') return;
  smtp = await startSmtpServer();
  app = await startApp(smtp.env({ DATA_DIR: dataDir }), 'project');
});
test.afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

/** The sum of the stored counters under `prefix`, once the server's batch has written what is expected. */
async function countReaching(prefix: string, expected: number): Promise<number> {
  const store = embeddedStore(dataDir);
  try {
    let seen = await countOf(store, prefix);
    for (const until = Date.now() + COUNTS_STORED_WITHIN_MS; seen < expected && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen = await countOf(store, prefix);
    }
    return seen;
  } finally {
    await store.close();
  }
}

/** What the code calls things, which she must never read: family, surface and channel keys, methods, tools, keys. */
const CODE_WORDS = [
  'ai-assistant',
  'ai-crawler',
  'search-crawler',
  ...AI_AGENT_UA_PATTERNS.filter((name) => name.length > 6).map((name) => `${name}`),
  'page-html',
  'page-markdown',
  'rest-resource',
  'rest-tool',
  'contact-form',
  'notifications/',
  'tools/call',
  'tools/list',
  'resources/read',
  'initialize',
  'evaluate_client_needs',
  'schedule_consultation',
  'mail-site-wide',
  ...content.engagements.map((engagement) => engagement.key),
  ...content.caseStudies.map((study) => `/case-studies/${study.slug}`),
];
/** Labels the code uses, which no cell, heading or fact of the desk may read as. */
const CODE_LABELS = new Set(['rest', 'mcp', 'form', 'other', 'browser', 'claimed', 'openai-mcp', 'people', 'agents']);

async function signIn(page: Page): Promise<void> {
  const before = smtp.received.length;
  await page.goto(`${app.url}/desk`);
  await page.getByRole('button', { name: 'Mail me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('sign-in link is on its way');
  await page.goto(await mailedSignInLink(smtp, before));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your desk', exact: true })).toBeVisible();
}

test('one homepage load and two menu clicks are three page views by people, one visit, and no prefetch', async ({
  page,
}) => {
  await page.goto(`${app.url}/`);
  // Next prefetches the pages of the menu's links once they are on screen (on a phone, once the menu is open):
  // let it, then follow two links.
  await page.waitForLoadState('networkidle');
  await (await mainNavigationLink(page, 'Engagements')).click();
  await expect(page).toHaveURL(`${app.url}/engagements`);
  await page.waitForLoadState('networkidle');
  await (await mainNavigationLink(page, 'About')).click();
  await expect(page).toHaveURL(`${app.url}/about`);
  await page.waitForLoadState('networkidle');
  // A beacon page: once its own view is stored, the visit's three are too (one batch writes them in order).
  await page.request.get(`${app.url}/contact`, { headers: { 'User-Agent': 'curl/8.5.0' } });
  expect(await countReaching('view|/contact|scripts', 1)).toBe(1);
  const store = embeddedStore(dataDir);
  try {
    const people = async (path: string) => countOf(store, `view|${path}|people`);
    expect([await people('/'), await people('/engagements'), await people('/about')]).toEqual([1, 1, 1]);
    // The menu's other pages were prefetched, never viewed.
    for (const path of ['/case-studies', '/agents', '/contact']) expect(await people(path), path).toBe(0);
    expect(await countOf(store, 'visit|people')).toBe(1);
    // Chromium did ask for more pages than it showed: the prefetches were requests, not views.
    expect(await countOf(store, 'request|browser|page-html')).toBeGreaterThan(3);
  } finally {
    await store.close();
  }
});

test('a visit from a ChatGPT link counts as sent by ChatGPT, on the desk in her words', async ({ page }) => {
  await page.goto(`${app.url}/about`, { referer: 'https://chatgpt.com/' });
  expect(await countReaching('sent|chatgpt|/about', 1)).toBe(1);
  await signIn(page);
  const sent = page.getByRole('region', { name: 'People sent by AI assistants' });
  await expect(sent.getByRole('rowheader', { name: 'ChatGPT' })).toBeVisible();
  await expect(sent.getByRole('row', { name: /ChatGPT 1 About/ })).toBeVisible();
});

test('everything on the desk is in her words, and it reads on a phone and a wide screen alike', async ({
  page,
  request,
}, testInfo) => {
  // Traffic of every kind: assistants and crawlers, markdown, the agent API, MCP, a tool, and inquiries through
  // the form, REST and an MCP client the site knows by name.
  for (const [userAgent, path] of [
    ['Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)', '/engagements'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0)', '/about.md'],
    ['Mozilla/5.0 (compatible; ChatGPT-User/1.0; +https://openai.com/bot)', '/api/agent'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '/llms.txt'],
  ]) {
    await request.get(`${app.url}${path}`, { headers: { 'User-Agent': userAgent ?? '' } });
  }
  await request.post(`${app.url}/api/agent/tools/evaluate-client-needs`, {
    data: { challenges: 'our positioning is unclear against the incumbents', technology_sector: 'fintech' },
  });
  const schedule = {
    client_name: 'Priya Raman-Okonkwo',
    client_email: 'priya@ledgerline.example',
    preferred_time: 'Tuesday afternoon, London time',
    project_context: 'Buyers cannot tell us from the incumbents, and our category name means nothing to them.',
    technology_sector: 'financial infrastructure',
  };
  await request.post(`${app.url}/api/agent/tools/schedule-consultation`, { data: schedule });
  const initialize = await mcpPost(
    app.url,
    rpc(1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'openai-mcp', version: '1.0.0' },
    }),
  );
  const session = initialize.headers.get('mcp-session-id') ?? '';
  await initialize.body?.cancel();
  await (await mcpPost(app.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session)).body?.cancel();
  await (
    await mcpPost(
      app.url,
      rpc(2, 'tools/call', { name: 'schedule_consultation', arguments: { ...schedule, client_name: 'Noor Haddad' } }),
      session,
    )
  ).body?.cancel();
  expect(await countReaching('mcp|tools/call', 1)).toBe(1);

  await signIn(page);
  await expect(page.getByRole('button', { name: /^Mark answered: / }).first()).toBeVisible();
  const text = await page.locator('main').innerText();
  for (const word of CODE_WORDS) expect(text, word).not.toContain(word);
  const cells = await page.locator('main :is(th, td, dt, dd, h2, h3, caption, figcaption)').allInnerTexts();
  expect(cells.filter((cell) => CODE_LABELS.has(cell.trim()))).toEqual([]);
  expect(text).toContain('ChatGPT through MCP');
  expect(text).toContain("OpenAI's crawler (GPTBot)");
  expect(text).toContain('Priya Raman-Okonkwo');

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.reload();
    const measured = await page.evaluate(() => {
      const main = document.querySelector('main');
      // A word broken across two lines has two boxes: every word of the page's text, one box each (a line may end
      // after a hyphen, as in print).
      const broken: string[] = [];
      const walker = document.createTreeWalker(main ?? document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.nodeValue ?? '';
        for (const match of value.matchAll(/[^\s-]+-?/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
      const outside = [...document.querySelectorAll('main li button, main li a.button')]
        .map((element) => element.getBoundingClientRect())
        .filter((box) => box.left < 0 || box.right > window.innerWidth).length;
      // What sticks out past the screen's right edge, named so a failure says where.
      const width = document.documentElement.clientWidth;
      const wide = [...(main?.querySelectorAll('*') ?? [])]
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 40)}`)
        .slice(0, 5);
      return {
        overflow: document.documentElement.scrollWidth - width,
        wide,
        broken,
        outside,
      };
    });
    expect(measured.wide, `${viewport.width} px`).toEqual([]);
    expect(measured.overflow, `${viewport.width} px`).toBeLessThanOrEqual(0);
    expect(measured.broken, `${viewport.width} px`).toEqual([]);
    expect(measured.outside, `${viewport.width} px`).toBe(0);
    // Each inquiry is a card: its actions sit under its own words.
    const card = page.getByRole('listitem').filter({ hasText: 'Priya Raman-Okonkwo' });
    await expect(card.getByRole('link', { name: 'Reply to Priya Raman-Okonkwo' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`desk-${viewport.width}.png`), fullPage: true });
  }
});
