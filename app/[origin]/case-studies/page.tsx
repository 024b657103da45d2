import type { Metadata } from 'next';
import { type OriginParams, pageOrigin } from '@/lib/site/page-origin';
import { getContent, getSite } from '@/lib/content';
import { pageMetadata } from '@/lib/site/metadata';
import { CaseStudyCard } from '@/lib/ui/case-study-card';
import { CtaBand } from '@/lib/ui/cta-band';
import { PageIntro } from '@/lib/ui/page-intro';
import { PageJsonLd } from '@/lib/ui/json-ld';

export async function generateMetadata({ params }: { params: Promise<OriginParams> }): Promise<Metadata> {
  const origin = await pageOrigin(params);
  const { title, description } = getSite().pages.caseStudies;
  return pageMetadata({ title, description, path: '/case-studies', origin });
}

export default async function CaseStudiesPage({ params }: { params: Promise<OriginParams> }) {
  const origin = await pageOrigin(params);
  const { site, engagements, caseStudies } = getContent();
  const page = site.pages.caseStudies;
  const titleOf = (key: string) => engagements.find((engagement) => engagement.key === key)?.title;
  return (
    <>
      <PageJsonLd path="/case-studies" origin={origin} />
      <PageIntro eyebrow={site.home.eyebrow} title={page.title} intro={page.intro} />
      <div className="container section">
        <div className="card-grid">
          {caseStudies.map((study) => (
            <CaseStudyCard
              key={study.slug}
              study={study}
              engagementTitle={titleOf(study.engagement)}
              headingLevel={2}
            />
          ))}
        </div>
      </div>
      <CtaBand id="case-studies-cta" {...site.home.cta} />
    </>
  );
}
