import { type Content, getContent } from '@/lib/content';
import { listSitePages, sitemapPath } from '@/lib/site/pages';

interface Titles {
  pages: ReadonlyMap<string, string>;
  engagements: ReadonlyMap<string, string>;
}

/** The titles of one load of the content, made once: a report names many pages and engagements. */
const titlesOf = new WeakMap<Content, Titles>();

/** Her words for what her content names by key or path: a page's title, an engagement's title. */
function titles(): Titles {
  let content: Content;
  try {
    content = getContent();
  } catch {
    return { pages: new Map(), engagements: new Map() };
  }
  let known = titlesOf.get(content);
  if (!known) {
    known = {
      pages: new Map(listSitePages(content).map((page) => [sitemapPath(page.path), page.title])),
      engagements: new Map(content.engagements.map((engagement) => [engagement.key, engagement.title])),
    };
    titlesOf.set(content, known);
  }
  return known;
}

/** A sitemap page by its title ("the home page" for `/`); a path no page has any more, as the path. */
export function pageWords(path: string): string {
  if (path === '/') return 'the home page';
  return titles().pages.get(path) ?? path;
}

/** An engagement by its title; a key no engagement has any more reads as such. */
export function engagementWords(key: string): string {
  return titles().engagements.get(key) ?? 'an engagement no longer on the site';
}
