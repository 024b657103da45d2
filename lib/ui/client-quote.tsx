import type { Quote } from '@/lib/content/case-studies';

/** A client's words, signed with their name and role: on a case study's page, and on the homepage. */
export function ClientQuote({ quote, className }: { quote: Quote; className: string }) {
  return (
    <figure className={className}>
      <blockquote>
        <p>{quote.text}</p>
      </blockquote>
      <figcaption>
        <span className="quote__name">{quote.name}</span>, <span className="quote__role">{quote.role}</span>
      </figcaption>
    </figure>
  );
}
