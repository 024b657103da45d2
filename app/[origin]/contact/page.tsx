import type { Metadata } from 'next';
import { type OriginParams, pageOrigin } from '@/lib/site/page-origin';
import { getContent, getSite } from '@/lib/content';
import { ConsultationForm } from '@/lib/contact/consultation-form';
import { ConsultationOutcome } from '@/lib/contact/consultation-outcome';
import { ConsultationStateProvider } from '@/lib/contact/consultation-state';
import { pageMetadata } from '@/lib/site/metadata';
import { ConsultationSection } from '@/lib/ui/consultation-section';
import { ContactDetails } from '@/lib/ui/contact-details';
import { PageIntro } from '@/lib/ui/page-intro';
import { WebMcpTools } from '@/lib/ui/webmcp-tools';
import { PageJsonLd } from '@/lib/ui/json-ld';

export async function generateMetadata({ params }: { params: Promise<OriginParams> }): Promise<Metadata> {
  const origin = await pageOrigin(params);
  const { title, description } = getSite().pages.contact;
  // The page writes its own <title> (ConsultationOutcome), which names a request's outcome once there is one: a
  // second title from Next would come first in the head and win.
  return { ...pageMetadata({ title, description, path: '/contact', origin }), title: null };
}

export default async function ContactPage({ params }: { params: Promise<OriginParams> }) {
  const origin = await pageOrigin(params);
  const { site, bio } = getContent();
  const page = site.pages.contact;
  return (
    <ConsultationStateProvider>
      <PageJsonLd path="/contact" origin={origin} />
      {/* A request's outcome comes first, so a page reloaded without JavaScript opens on it. */}
      <ConsultationOutcome email={bio.email} pageTitle={`${page.title} · ${site.siteName}`} />
      <PageIntro eyebrow={bio.name} title={page.title} intro={page.intro} />
      <div className="container section contact">
        <section className="contact__details" aria-labelledby="details-heading">
          <h2 id="details-heading">{bio.name}</h2>
          <p className="about__role">
            {bio.role}, {bio.company}
          </p>
          <ContactDetails bio={bio} />
        </section>
        <ConsultationSection bio={bio} responseTime={page.responseTime}>
          <ConsultationForm />
        </ConsultationSection>
      </div>
      <WebMcpTools />
    </ConsultationStateProvider>
  );
}
