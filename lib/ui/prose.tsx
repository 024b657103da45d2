import { renderMarkdown } from '@/lib/content/markdown';
import { shiftHeadings } from '@/lib/site/format';

/**
 * Markdown from content/, rendered (and sanitised) here, where a page is made: the pages are built ahead, so the
 * servers that read content at run time never load the renderer. Headings are shifted so they sit below the
 * section heading they appear under.
 */
export function Prose({
  markdown,
  headingLevel = 2,
  className,
}: {
  markdown: string;
  headingLevel?: number;
  className?: string;
}) {
  return (
    <div
      className={className ? `prose ${className}` : 'prose'}
      dangerouslySetInnerHTML={{ __html: shiftHeadings(renderMarkdown(markdown), headingLevel) }}
    />
  );
}
