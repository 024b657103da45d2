import type { CurlExample } from '@/lib/site/agent-examples';
import { CodeBlock } from '../code-block';
import { DocSection } from './doc-section';

const ERROR_EXAMPLE = JSON.stringify(
  {
    error: {
      code: 'NOT_FOUND',
      message: '<what went wrong, for a person>',
      resolution: '<the concrete next step to take>',
    },
  },
  null,
  2,
);

/** Discovery files and the rules every response follows. */
export function ConventionsSection({ examples }: { examples: { llms: CurlExample; markdown: CurlExample } }) {
  return (
    <>
      <DocSection id="discovery" title="Discovery for crawlers and LLMs">
        <p>
          <code>/llms.txt</code> is a plain-text index of the site following the llms.txt convention. The homepage
          answers a request with <code>Accept: text/markdown</code> with its content as markdown instead of HTML, and{' '}
          <code>/sitemap.xml</code> lists every page.
        </p>
        <CodeBlock label={examples.llms.title} code={examples.llms.command} />
        <CodeBlock label={examples.markdown.title} code={examples.markdown.command} />
      </DocSection>
      <DocSection id="conventions" title="Errors, headers and limits">
        <ul className="plain plain--spaced">
          <li>
            Every error has the same JSON envelope; read <code>code</code> and follow <code>resolution</code>. Errors
            are never HTML pages. Statuses: <code>400</code> invalid body, <code>404</code> unknown resource or session,{' '}
            <code>500</code> unexpected failure, <code>502</code> mail delivery failed.
          </li>
          <li>
            No authentication. CORS is open: every response sends <code>Access-Control-Allow-Origin: *</code>.
          </li>
          <li>
            Rate limits are generous and reported in <code>RateLimit-*</code> response headers.
          </li>
          <li>Paths carry no version segment; the manifest version is the contract.</li>
        </ul>
        <CodeBlock label="Shape of every error response" code={ERROR_EXAMPLE} />
      </DocSection>
    </>
  );
}
