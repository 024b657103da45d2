import Link from 'next/link';
import type { CaseStudy } from '@/lib/content';
import { ResultsList } from './results-list';

/** Who the client is and the study's title, the link that makes the whole card one link. */
export function CaseStudyCardHeading({ study, headingLevel = 3 }: { study: CaseStudy; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <>
      <p className="meta">
        <span className="meta__primary">{study.client}</span>
        <span>
          {study.sector} · {study.year}
        </span>
      </p>
      <Heading className="card__title">
        <Link href={`/case-studies/${study.slug}`} className="card__link">
          {study.title}
        </Link>
      </Heading>
    </>
  );
}

/** A case study as a card with its headline results; the whole card is one link, named by its title. */
export function CaseStudyCard({
  study,
  engagementTitle,
  headingLevel = 3,
}: {
  study: CaseStudy;
  engagementTitle?: string;
  headingLevel?: 2 | 3;
}) {
  return (
    <article className="card study-card">
      <CaseStudyCardHeading study={study} headingLevel={headingLevel} />
      <p className="card__text">{study.summary}</p>
      <ResultsList results={study.results} compact />
      <p className="study-card__footer">
        {engagementTitle && <span className="tag">{engagementTitle}</span>}
        <span className="card__more" aria-hidden="true">
          Read the case study →
        </span>
      </p>
    </article>
  );
}
