import type { Metadata } from 'next';
import { type OriginParams, pageOrigin } from '@/lib/site/page-origin';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { findEngagement, getContent, getEngagements } from '@/lib/content';
import { pageMetadata } from '@/lib/site/metadata';
import { CaseStudyCard } from '@/lib/ui/case-study-card';
import { CtaBand } from '@/lib/ui/cta-band';
import { PageIntro } from '@/lib/ui/page-intro';
import { Prose } from '@/lib/ui/prose';
import { PageJsonLd } from '@/lib/ui/json-ld';

interface EngagementPageProps {
  params: Promise<OriginParams & { key: string }>;
}

// With the origin from app/[origin]'s layout: the page of each engagement, rendered per origin on its first request.
export function generateStaticParams(): { key: string }[] {
  return getEngagements().map((engagement) => ({ key: engagement.key }));
}

export async function generateMetadata({ params }: EngagementPageProps): Promise<Metadata> {
  const engagement = findEngagement((await params).key);
  if (!engagement) return {};
  const origin = await pageOrigin(params);
  return pageMetadata({
    title: engagement.title,
    description: engagement.summary,
    path: `/engagements/${engagement.key}`,
    origin,
  });
}

export default async function EngagementPage({ params }: EngagementPageProps) {
  const origin = await pageOrigin(params);
  const engagement = findEngagement((await params).key);
  if (!engagement) notFound();
  const { site, caseStudies } = getContent();
  const related = caseStudies.filter((study) => study.engagement === engagement.key);
  return (
    <>
      <PageJsonLd path={`/engagements/${engagement.key}`} origin={origin} />
      <PageIntro
        eyebrow={<Link href="/engagements">{site.pages.engagements.title}</Link>}
        title={engagement.title}
        intro={engagement.tagline}
      />
      <div className="container section detail">
        <div className="detail__main">
          <p className="detail__summary">{engagement.summary}</p>
          <Prose markdown={engagement.body} />
          <section aria-labelledby="includes-heading">
            <h2 id="includes-heading">What it includes</h2>
            <ul className="ticks">
              {engagement.includes.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="outcomes-heading">
            <h2 id="outcomes-heading">What you leave with</h2>
            <ul className="ticks">
              {engagement.outcomes.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        </div>
        <aside className="detail__aside" aria-labelledby="facts-heading">
          <h2 id="facts-heading" className="label">
            At a glance
          </h2>
          <dl className="facts facts--stacked">
            <div>
              <dt>Timing</dt>
              {engagement.timing.map((item) => (
                <dd key={item}>{item}</dd>
              ))}
            </div>
            {engagement.price && (
              <div>
                <dt>Investment</dt>
                <dd>{engagement.price}</dd>
              </div>
            )}
            <div>
              <dt>Suits</dt>
              <dd>{engagement.sectors.join(', ')}</dd>
            </div>
          </dl>
          <Link href="/contact" className="button button--block">
            {site.home.cta.label}
          </Link>
        </aside>
      </div>
      {related.length > 0 && (
        <section className="section section--tinted" aria-labelledby="related-heading">
          <div className="container">
            <h2 id="related-heading">{site.pages.caseStudies.title}</h2>
            <div className="card-grid">
              {related.map((study) => (
                <CaseStudyCard key={study.slug} study={study} />
              ))}
            </div>
          </div>
        </section>
      )}
      <CtaBand id="engagement-cta" {...site.home.cta} />
    </>
  );
}
