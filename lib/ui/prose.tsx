import { shiftHeadings } from '@/lib/site/format';

/**
 * Markdown from content/, already rendered (and sanitised) by the content loaders. Headings are shifted so
 * they sit below the section heading they appear under.
 */
export function Prose({
  html,
  headingLevel = 2,
  className,
}: {
  html: string;
  headingLevel?: number;
  className?: string;
}) {
  return (
    <div
      className={className ? `prose ${className}` : 'prose'}
      dangerouslySetInnerHTML={{ __html: shiftHeadings(html, headingLevel) }}
    />
  );
}
