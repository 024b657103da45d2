/**
 * The answer to a page that does not exist, asked for as markdown: a 404 (a 200 would be a soft 404, which agents
 * would cite as content) whose short markdown body points to the two indexes of every page.
 */
export function notFoundMarkdown(origin: string): string {
  return [
    '# Page not found',
    '',
    'There is no page at this address.',
    '',
    `- Every page with its markdown address: ${origin}/sitemap.md`,
    `- The index of this site for language models: ${origin}/llms.txt`,
    '',
  ].join('\n');
}
