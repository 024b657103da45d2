import Link from 'next/link';
import type { Bio, Site } from '@/lib/content';
import { Portrait } from '@/lib/ui/portrait';

/** The homepage's opening: what the consultancy does, for whom, who leads it, and the two next steps. */
export function Hero({ site, bio }: { site: Site; bio: Bio }) {
  const { home } = site;
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="container hero__grid">
        <div className="hero__copy">
          <p className="eyebrow">{home.eyebrow}</p>
          <h1 id="hero-heading">{home.headline}</h1>
          <p className="lede">{home.lede}</p>
          <p className="actions">
            <Link href="/contact" className="button">
              {home.cta.label}
            </Link>
            <Link href="/engagements" className="button button--quiet">
              {site.pages.engagements.title}
            </Link>
          </p>
        </div>
        <aside className="hero__card" aria-label={bio.name}>
          <div className="person">
            <Portrait bio={bio} eager />
            <div>
              <p className="about__name">{bio.name}</p>
              <p className="about__role">
                {bio.role}, {bio.company}
              </p>
            </div>
          </div>
          <p className="hero__summary">
            {bio.summary}{' '}
            <Link href="/about" className="hero__more">
              More about {bio.givenName} →
            </Link>
          </p>
        </aside>
      </div>
    </section>
  );
}
