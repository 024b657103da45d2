import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { cliOptions, runMain } from '../bench/cli';
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from './chromium';

/**
 * `npm run screenshots -- --url=http://127.0.0.1:3000 --label=after`: full-page pictures of the homepage, the
 * first engagement and case study of the sitemap, about and contact, on a phone (390×844) and a desktop
 * (1440×900), from a site already running at --url, into docs/design/<label>/. Prints each page's height in
 * screens of its size, the measure docs/design.md gives beside the pictures.
 */
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
] as const;

/** JPEG at this quality keeps a full phone page under a few hundred kilobytes, with the type still readable. */
const JPEG_QUALITY = 70;

interface PageToShow {
  name: string;
  path: string;
}

async function pagesToShow(url: string): Promise<PageToShow[]> {
  const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  const first = (prefix: string): string => {
    const found = paths.find((p) => p.startsWith(prefix) && p.length > prefix.length);
    if (!found) throw new Error(`the sitemap at ${url} lists no page under ${prefix}`);
    return found;
  };
  return [
    { name: 'home', path: '/' },
    { name: 'engagement', path: first('/engagements/') },
    { name: 'case-study', path: first('/case-studies/') },
    { name: 'about', path: '/about' },
    { name: 'contact', path: '/contact' },
  ];
}

async function main(): Promise<number> {
  const args = cliOptions();
  const url = (args.get('url') ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
  const label = args.get('label') ?? 'after';
  if (!/^[a-z0-9-]+$/.test(label)) throw new Error(`--label=${label}: use lower-case letters, digits and hyphens`);
  const outDir = path.resolve(import.meta.dirname, '..', 'docs', 'design', label);
  fs.mkdirSync(outDir, { recursive: true });
  const pages = await pagesToShow(url);
  const browser = await chromium.launch({ executablePath: HEADLESS_SHELL_PATH, args: [...CHROMIUM_FLAGS] });
  try {
    for (const size of SIZES) {
      const context = await browser.newContext({ ...size, deviceScaleFactor: 1 });
      for (const shown of pages) {
        const page = await context.newPage();
        const response = await page.goto(`${url}${shown.path}`, { waitUntil: 'networkidle' });
        if (!response?.ok()) throw new Error(`${shown.path} answered ${response?.status() ?? 'nothing'}`);
        await page.evaluate(() => document.fonts.ready);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const file = path.join(outDir, `${shown.name}-${size.name}.jpg`);
        await page.screenshot({ path: file, fullPage: true, type: 'jpeg', quality: JPEG_QUALITY });
        const screens = (height / size.viewport.height).toFixed(1);
        console.log(`${size.name.padEnd(8)} ${shown.path.padEnd(44)} ${height} px, ${screens} screens`);
        await page.close();
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`pictures: ${path.relative(process.cwd(), outDir)}/`);
  return 0;
}

runMain(main);
