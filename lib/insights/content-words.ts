import { getContent } from '@/lib/content';
import { listSitePages } from '@/lib/site/pages';

/** Her words for what her content names by key or path: a page's title, an engagement's title. */
function titles(): { pages: Map<string, string>; engagements: Map<string, string> } {
  try {
    const content = getContent();
    return {
      pages: new Map(listSitePages(content).map((page) => [page.path.replace(/\/+$/, '') || '/', page.title])),
      engagements: new Map(content.engagements.map((engagement) => [engagement.key, engagement.title])),
    };
  } catch {
    return { pages: new Map(), engagements: new Map() };
  }
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
