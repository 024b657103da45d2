import fs from 'node:fs';
import path from 'node:path';
import { buildManifest } from '@/lib/agent/manifest';
import { findResource, readResource } from '@/lib/agent/resources';
import { getContent } from '@/lib/content';
import { buildLlmsFullTxt, buildLlmsTxt } from '@/lib/discovery/llms-txt';
import { renderMarkdownPage } from '@/lib/markdown/page-markdown';
import { siteUrl } from '@/lib/site/url';
import { SITE_URL_FILE, staticReadFiles, staticReadsDir } from './catalog';

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
function staticReadBody(file: string): string {
  const build = BODIES[file];
  if (!build) throw new Error(`static reads: no body for ${file}`);
  return build();
}

/**
 * Writes every static read's bytes to `<distDir>/static-reads/`, with the SITE_URL they were made for beside them
 * (their URLs are absolute), or removes the folder when no SITE_URL is set: the server then leaves these reads to
 * their routes. Build time only (`npm run build`); the server reads the files and never writes them.
 */
export function writeStaticReads(distDir: string, siteUrlAtBuild: string | undefined): number {
  const dir = staticReadsDir(distDir);
  fs.rmSync(dir, { recursive: true, force: true });
  if (!siteUrlAtBuild) return 0;
  const files = staticReadFiles();
  for (const file of files) {
    const target = path.join(dir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, staticReadBody(file));
  }
  fs.writeFileSync(path.join(dir, SITE_URL_FILE), siteUrl());
  return files.length;
}
