import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/lib/content';
import { ProofSection } from '@/lib/ui/home/proof-section';
import { REAL_CONTENT } from '../content/fixtures';

const { caseStudies } = loadContent(REAL_CONTENT);
const render = (studies: typeof caseStudies, otherClients?: string[]) =>
  renderToStaticMarkup(<ProofSection studies={studies} otherClients={otherClients} />);

describe("the homepage's proof", () => {
  it('is left out when no case study has a quote and none may be named', () => {
    const anonymousUnquoted = caseStudies
      .filter((study) => study.anonymised)
      .map(({ quote: _quote, ...study }) => study);
    expect(render(anonymousUnquoted)).toBe('');
  });

  it('leaves out the quotes when there are none, and keeps the line of names', () => {
    const unquoted = caseStudies.map(({ quote: _quote, ...study }) => study);
    const html = render(unquoted, ['Quillmark']);
    expect(html).not.toContain('<figure');
    expect(html).toContain('<li>Kestrel Compute</li><li>Tidewater Grid</li><li>Quillmark</li>');
  });
});
