import type { Metadata } from 'next';
import { type OriginParams, pageOrigin } from '@/lib/site/page-origin';
import Link from 'next/link';
import { getContent, getSite } from '@/lib/content';
import { pageMetadata } from '@/lib/site/metadata';
import { ContactDetails } from '@/lib/ui/contact-details';
import { CtaBand } from '@/lib/ui/cta-band';
import { PageIntro } from '@/lib/ui/page-intro';
import { Portrait } from '@/lib/ui/portrait';
import { Prose } from '@/lib/ui/prose';
import { PageJsonLd } from '@/lib/ui/json-ld';

export async function generateMetadata({ params }: { params: Promise<OriginParams> }): Promise<Metadata> {
  const origin = await pageOrigin(params);
  const { title, description } = getSite().pages.about;
  return { ...pageMetadata({ title, description, path: '/about', origin, type: 'profile' }) };
}

export default async function AboutPage({ params }: { params: Promise<OriginParams> }) {
  const origin = await pageOrigin(params);
  const { site, bio } = getContent();
  const page = site.pages.about;
  return (
    <>
      <PageJsonLd path="/about" origin={origin} />
      <PageIntro eyebrow={`${bio.role}, ${bio.company}`} title={page.title} intro={page.intro} />
      <div className="container section detail">
        <div className="detail__main">
          <div className="person">
            <Portrait bio={bio} eager />
            <p className="about__name">{bio.name}</p>
          </div>
          <p className="detail__summary">{bio.headline}</p>
          <Prose markdown={bio.markdown} />
        </div>
        <aside className="detail__aside" aria-labelledby="about-contact-heading">
          <h2 id="about-contact-heading" className="label">
            Get in touch
          </h2>
          <ContactDetails bio={bio} />
          <Link href="/contact" className="button button--block">
            {site.home.cta.label}
          </Link>
        </aside>
      </div>
      <CtaBand id="about-cta" {...site.home.cta} />
    </>
  );
}
