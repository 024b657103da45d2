import Link from 'next/link';
import type { CaseStudy, Engagement, Site } from '@/lib/content';
import { CaseStudyCard } from '../case-study-card';

/** The case studies marked `featured: true`, with their results. Renders nothing when none is featured. */
export function FeaturedWorkSection({
  site,
  studies,
  engagements,
}: {
  site: Site;
  studies: readonly CaseStudy[];
  engagements: readonly Engagement[];
}) {
  if (studies.length === 0) return null;
  const page = site.pages.caseStudies;
  const titleOf = (key: string) => engagements.find((engagement) => engagement.key === key)?.title;
  return (
    <section className="section" aria-labelledby="work-heading">
      <div className="container">
        <div className="section__header">
          <h2 id="work-heading">{page.title}</h2>
          <p>{page.intro}</p>
        </div>
        <div className="card-grid">
          {studies.map((study) => (
            <CaseStudyCard key={study.slug} study={study} engagementTitle={titleOf(study.engagement)} />
          ))}
        </div>
        <p className="section__more">
          <Link href="/case-studies">All {page.title.toLowerCase()} →</Link>
        </p>
      </div>
    </section>
  );
}
