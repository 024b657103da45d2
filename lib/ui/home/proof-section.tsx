import Link from 'next/link';
import type { CaseStudy } from '@/lib/content';
import { namedClients, quotedStudies } from '@/lib/content/case-studies';
import { ClientQuote } from '../client-quote';

/**
 * Proof on the homepage: up to three client quotes, each signed and linked to its case study, then a line of the
 * clients the site may name, as text. Each part is left out when it has nothing to show, the section when neither has.
 */
export function ProofSection({
  studies,
  otherClients,
}: {
  studies: readonly CaseStudy[];
  otherClients: readonly string[] | undefined;
}) {
  const quoted = quotedStudies(studies);
  const clients = namedClients(studies, otherClients);
  if (quoted.length === 0 && clients.length === 0) return null;
  return (
    <section className="proof" aria-labelledby="proof-heading">
      <div className="container">
        <h2 id="proof-heading" className="eyebrow">
          Clients
        </h2>
        {quoted.length > 0 && (
          <ul role="list" className="proof__quotes">
            {quoted.map((study) => (
              <li key={study.slug}>
                <ClientQuote quote={study.quote} inRow />
                <Link href={`/case-studies/${study.slug}`} className="proof__study">
                  {study.title} →
                </Link>
              </li>
            ))}
          </ul>
        )}
        {clients.length > 0 && (
          <ul role="list" className="proof__clients" aria-label="Client names">
            {clients.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
