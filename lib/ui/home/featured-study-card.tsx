import type { CaseStudy } from '@/lib/content';
import { CaseStudyCardHeading } from '../case-study-card';

/** A featured case study on the homepage: who, what, and its first result, the one the story leads with. */
export function FeaturedStudyCard({ study }: { study: CaseStudy }) {
  return (
    <article className="card featured-study">
      <CaseStudyCardHeading study={study} />
      {study.results[0] && <p className="featured-study__result">{study.results[0]}</p>}
    </article>
  );
}
