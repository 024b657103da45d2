import type { Metadata } from 'next';
import { type OriginParams, pageOrigin } from '@/lib/site/page-origin';
import { getContent, getSite } from '@/lib/content';
import { buildHomeJsonLd } from '@/lib/site/json-ld';
import { pageMetadata } from '@/lib/site/metadata';
import { CtaBand } from '@/lib/ui/cta-band';
import { EngagementsSection } from '@/lib/ui/home/engagements-section';
import { FeaturedWorkSection } from '@/lib/ui/home/featured-work-section';
import { Hero } from '@/lib/ui/home/hero';
import { PositioningSection } from '@/lib/ui/home/positioning-section';
import { ProofSection } from '@/lib/ui/home/proof-section';
import { JsonLd } from '@/lib/ui/json-ld';

export async function generateMetadata({ params }: { params: Promise<OriginParams> }): Promise<Metadata> {
  const origin = await pageOrigin(params);
  const { siteName, home } = getSite();
  const metadata = pageMetadata({ title: home.title, description: home.description, path: '/', origin });
  // The layout's title template does not apply to a page in its own segment, so the home title is written out
  // in full here, without repeating the site name when the content already includes it.
  const title = home.title.includes(siteName) ? home.title : `${home.title} · ${siteName}`;
  return { ...metadata, title: { absolute: title } };
}

export default async function HomePage({ params }: { params: Promise<OriginParams> }) {
  const origin = await pageOrigin(params);
  const content = getContent();
  const { site, bio, engagements, caseStudies } = content;
  return (
    <>
      <JsonLd data={buildHomeJsonLd(content, origin)} />
      <Hero site={site} bio={bio} />
      <ProofSection studies={caseStudies} otherClients={site.home.otherClients} />
      <PositioningSection home={site.home} />
      <EngagementsSection site={site} engagements={engagements} />
      <FeaturedWorkSection site={site} studies={caseStudies.filter((study) => study.featured)} />
      <CtaBand id="home-cta" {...site.home.cta} />
    </>
  );
}
