import type { Metadata } from 'next';
import { type OriginParams, pageOrigin } from '@/lib/site/page-origin';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { findCaseStudy, findEngagement, getCaseStudies, getSite } from '@/lib/content';
import { pageMetadata } from '@/lib/site/metadata';
import { ClientQuote } from '@/lib/ui/client-quote';
import { CtaBand } from '@/lib/ui/cta-band';
import { PageIntro } from '@/lib/ui/page-intro';
import { Prose } from '@/lib/ui/prose';
import { ResultsList } from '@/lib/ui/results-list';
import { PageJsonLd } from '@/lib/ui/json-ld';

interface CaseStudyPageProps {
  params: Promise<OriginParams & { slug: string }>;
}

// With the origin from app/[origin]'s layout: the page of each study, rendered per origin on its first request.
export function generateStaticParams(): { slug: string }[] {
  return getCaseStudies().map((study) => ({ slug: study.slug }));
}

export async function generateMetadata({ params }: CaseStudyPageProps): Promise<Metadata> {
  const study = findCaseStudy((await params).slug);
  if (!study) return {};
  const origin = await pageOrigin(params);
  return pageMetadata({
    title: study.title,
    description: study.summary,
    path: `/case-studies/${study.slug}`,
    origin,
    type: 'article',
  });
}

export default async function CaseStudyPage({ params }: CaseStudyPageProps) {
  const origin = await pageOrigin(params);
  const study = findCaseStudy((await params).slug);
  if (!study) notFound();
  const site = getSite();
  const engagement = findEngagement(study.engagement);
  return (
    <>
      <PageJsonLd path={`/case-studies/${study.slug}`} origin={origin} />
      <PageIntro
        eyebrow={<Link href="/case-studies">{site.pages.caseStudies.title}</Link>}
        title={study.title}
        intro={study.summary}
      >
        <dl className="facts facts--inline">
          <div>
            <dt>Client</dt>
            <dd>{study.client}</dd>
          </div>
          <div>
            <dt>Sector</dt>
            <dd>{study.sector}</dd>
          </div>
          <div>
            <dt>Year</dt>
            <dd>{study.year}</dd>
          </div>
          {engagement && (
            <div>
              <dt>Engagement</dt>
              <dd>
                <Link href={`/engagements/${engagement.key}`}>{engagement.title}</Link>
              </dd>
            </div>
          )}
        </dl>
      </PageIntro>
      <div className="container section detail">
        <aside className="detail__aside results-panel" aria-labelledby="results-heading">
          <h2 id="results-heading" className="label">
            Results
          </h2>
          <ResultsList results={study.results} />
        </aside>
        <div className="detail__main">
          <section aria-labelledby="challenge-heading">
            <h2 id="challenge-heading">The challenge</h2>
            <p>{study.challenge}</p>
          </section>
          <section aria-labelledby="approach-heading">
            <h2 id="approach-heading">The approach</h2>
            <p>{study.approach}</p>
          </section>
          {study.body && (
            <section aria-labelledby="story-heading">
              <h2 id="story-heading">The work</h2>
              <Prose markdown={study.body} headingLevel={3} />
            </section>
          )}
          {study.quote && <ClientQuote quote={study.quote} />}
        </div>
      </div>
      <CtaBand id="case-study-cta" {...site.home.cta} />
    </>
  );
}
