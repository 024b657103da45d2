import type { Metadata } from 'next';
import { type OriginParams, pageOrigin } from '@/lib/site/page-origin';
import Link from 'next/link';
import { getContent, getSite } from '@/lib/content';
import { ordinal } from '@/lib/site/format';
import { pageMetadata } from '@/lib/site/metadata';
import { CtaBand } from '@/lib/ui/cta-band';
import { PageIntro } from '@/lib/ui/page-intro';
import { PageJsonLd } from '@/lib/ui/json-ld';

export async function generateMetadata({ params }: { params: Promise<OriginParams> }): Promise<Metadata> {
  const origin = await pageOrigin(params);
  const { title, description } = getSite().pages.engagements;
  return pageMetadata({ title, description, path: '/engagements', origin });
}

export default async function EngagementsPage({ params }: { params: Promise<OriginParams> }) {
  const origin = await pageOrigin(params);
  const { site, engagements } = getContent();
  const page = site.pages.engagements;
  return (
    <>
      <PageJsonLd path="/engagements" origin={origin} />
      <PageIntro eyebrow={site.home.eyebrow} title={page.title} intro={page.intro} />
      <div className="container stack-xl section">
        {engagements.map((engagement, index) => (
          <section key={engagement.key} className="engagement-row" aria-labelledby={`engagement-${engagement.key}`}>
            <div className="engagement-row__head">
              <p className="engagement-row__number" aria-hidden="true">
                {ordinal(index)}
              </p>
              <h2 id={`engagement-${engagement.key}`}>
                <Link href={`/engagements/${engagement.key}`}>{engagement.title}</Link>
              </h2>
              <p className="engagement-card__tagline">{engagement.tagline}</p>
            </div>
            <div className="engagement-row__body">
              <p>{engagement.summary}</p>
              <div className="columns">
                <div>
                  <h3 className="label">Outcomes</h3>
                  <ul className="ticks">
                    {engagement.outcomes.map((outcome) => (
                      <li key={outcome}>{outcome}</li>
                    ))}
                  </ul>
                </div>
                <div>
                  <h3 className="label">Timing</h3>
                  <ul className="plain">
                    {engagement.timing.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                  {engagement.price && (
                    <>
                      <h3 className="label">Investment</h3>
                      <p>{engagement.price}</p>
                    </>
                  )}
                </div>
              </div>
              <p>
                <Link href={`/engagements/${engagement.key}`} className="text-link">
                  More about {engagement.title} →
                </Link>
              </p>
            </div>
          </section>
        ))}
      </div>
      <CtaBand id="engagements-cta" {...site.home.cta} />
    </>
  );
}
