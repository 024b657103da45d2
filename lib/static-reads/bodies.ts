import fs from 'node:fs';
import path from 'node:path';
import { buildManifest } from '@/lib/agent/manifest';
import { distDir } from '@/lib/config/dist-dir';
import { findResource, readResource } from '@/lib/agent/resources';
import { getContent } from '@/lib/content';
import { buildLlmsFullTxt, buildLlmsTxt } from '@/lib/discovery/llms-txt';
import { renderMarkdownPage } from '@/lib/markdown/pages';
import { siteUrl } from '@/lib/site/url';
import { SITE_URL_FILE, staticReadsDir } from './answers';
import { STATIC_READS } from './catalog';

/**
 * The bytes of each static read, made by the same functions as its route, so that the file and the route answer
 * alike: the manifest and the resources' JSON as Response.json writes them, the bio's markdown, llms.txt,
 * llms-full.txt and the homepage's markdown.
 */
function resourceBody(name: string, form: 'json' | 'text'): string {
  const resource = findResource(name);
  if (!resource) throw new Error(`static reads: no resource named ${name}`);
  const content = readResource(resource, siteUrl());
  return form === 'json' ? JSON.stringify(content.json) : content.text;
}

const BODIES: Record<string, () => string> = {
  'api/agent.json': () => JSON.stringify(buildManifest(siteUrl())),
  'api/resources/case-studies.json': () => resourceBody('case-studies', 'json'),
  'api/resources/engagements.json': () => resourceBody('engagements', 'json'),
  'api/resources/bio.json': () => resourceBody('bio', 'json'),
  'api/resources/bio.md': () => resourceBody('bio', 'text'),
  'api/resources/contact-card.json': () => resourceBody('contact-card', 'json'),
  'llms.txt': () => buildLlmsTxt(getContent(), siteUrl()),
  'llms-full.txt': () => buildLlmsFullTxt(getContent(), siteUrl()),
  'md/index.md': () => {
    const page = renderMarkdownPage('/', getContent(), siteUrl());
    if (!page) throw new Error('static reads: the homepage has no markdown');
    return page.markdown;
  },
};

/** The body of a static read file. */
export function staticReadBody(file: string): string {
  const build = BODIES[file];
  if (!build) throw new Error(`static reads: no body for ${file}`);
  return build();
}

/** The headers of the first static read served from `file` (its route's Content-Type and Vary). */
export function staticReadHeadersOf(file: string): Record<string, string> {
  return STATIC_READS.find((read) => read.file === file)?.headers ?? {};
}

/**
 * Writes a static read's bytes to `<distDir>/static-reads/<file>`, with the SITE_URL they were made for beside
 * them; the server answers them from memory (front.ts) when it starts with the same SITE_URL. Called while
 * `next build` prerenders app/static-reads (the only writer).
 */
export function writeStaticReadFile(file: string, body: string): void {
  const dir = staticReadsDir(distDir());
  const target = path.join(dir, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, body);
  fs.writeFileSync(path.join(dir, SITE_URL_FILE), siteUrl());
}
