import type { Quote } from '@/lib/content/case-studies';

/**
 * A client's words, signed with their name and role: on a case study's page, and in the homepage's row of quotes
 * (`inRow`), smaller and without the rule above.
 */
export function ClientQuote({ quote, inRow = false }: { quote: Quote; inRow?: boolean }) {
  return (
    <figure className={inRow ? 'quote quote--in-row' : 'quote'}>
      <blockquote>
        <p>{quote.text}</p>
      </blockquote>
      <figcaption>
        <span className="quote__name">{quote.name}</span>, <span className="quote__role">{quote.role}</span>
      </figcaption>
    </figure>
  );
}
