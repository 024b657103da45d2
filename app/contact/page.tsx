import type { Metadata } from 'next';
import { getContent, getSite } from '@/lib/content';
import { ConsultationForm } from '@/lib/contact/consultation-form';
import { pageMetadata } from '@/lib/site/metadata';
import { ConsultationSection } from '@/lib/ui/consultation-section';
import { ContactDetails } from '@/lib/ui/contact-details';
import { PageIntro } from '@/lib/ui/page-intro';
import { WebMcpTools } from '@/lib/ui/webmcp-tools';
import { PageJsonLd } from '@/lib/ui/json-ld';

export function generateMetadata(): Metadata {
  const { title, description } = getSite().pages.contact;
  return pageMetadata({ title, description, path: '/contact' });
}

export default function ContactPage() {
  const { site, bio } = getContent();
  const page = site.pages.contact;
  return (
    <>
      <PageJsonLd path="/contact" />
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
          <ConsultationForm email={bio.email} />
        </ConsultationSection>
      </div>
      <WebMcpTools />
    </>
  );
}
