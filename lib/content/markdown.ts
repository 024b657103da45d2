import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkHtml from 'remark-html';

const processor = remark().use(remarkGfm).use(remarkHtml);

/**
 * Renders the consultant's markdown to HTML for the pages. remark-html sanitises by default, so raw HTML
 * in a content file is dropped rather than injected into the page.
 */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}
