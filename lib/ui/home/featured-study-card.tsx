import Link from 'next/link';
import type { CaseStudy } from '@/lib/content';

/** A featured case study on the homepage: who, what, and its first result, the one the story leads with. */
export function FeaturedStudyCard({ study }: { study: CaseStudy }) {
  return (
    <article className="card featured-study">
      <p className="meta">
        <span className="meta__primary">{study.client}</span>
        <span>
          {study.sector} · {study.year}
        </span>
      </p>
      <h3 className="card__title">
        <Link href={`/case-studies/${study.slug}`} className="card__link">
          {study.title}
        </Link>
      </h3>
      {study.results[0] && <p className="featured-study__result">{study.results[0]}</p>}
    </article>
  );
}
