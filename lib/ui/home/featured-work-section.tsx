import Link from 'next/link';
import type { CaseStudy, Site } from '@/lib/content';
import { FeaturedStudyCard } from './featured-study-card';

/** The case studies marked `featured: true`, each with its leading result. Renders nothing when none is featured. */
export function FeaturedWorkSection({ site, studies }: { site: Site; studies: readonly CaseStudy[] }) {
  if (studies.length === 0) return null;
  const page = site.pages.caseStudies;
  return (
    <section className="section" aria-labelledby="work-heading">
      <div className="container">
        <h2 id="work-heading">{page.title}</h2>
        <div className="card-grid card-grid--scroll">
          {studies.map((study) => (
            <FeaturedStudyCard key={study.slug} study={study} />
          ))}
        </div>
        <p className="section__more">
          <Link href="/case-studies">All {page.title.toLowerCase()} →</Link>
        </p>
      </div>
    </section>
  );
}
