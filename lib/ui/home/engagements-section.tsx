import Link from 'next/link';
import type { Engagement, Site } from '@/lib/content';
import { EngagementCard } from './engagement-card';

/** The four engagement types as cards. */
export function EngagementsSection({ site, engagements }: { site: Site; engagements: readonly Engagement[] }) {
  const page = site.pages.engagements;
  return (
    <section className="section section--tinted" aria-labelledby="engagements-heading">
      <div className="container">
        <div className="section__header">
          <h2 id="engagements-heading">{page.title}</h2>
          <p>{page.intro}</p>
        </div>
        <div className="card-grid card-grid--two">
          {engagements.map((engagement) => (
            <EngagementCard key={engagement.key} engagement={engagement} />
          ))}
        </div>
        <p className="section__more">
          <Link href="/engagements">Compare all {page.title.toLowerCase()} →</Link>
        </p>
      </div>
    </section>
  );
}
