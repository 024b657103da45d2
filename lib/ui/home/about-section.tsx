import Link from 'next/link';
import type { Bio } from '@/lib/content';
import { formatLocation } from '@/lib/site/format';
import { Portrait } from '@/lib/ui/portrait';

/** A short introduction to the consultant, from the front matter of content/bio.md. */
export function AboutSection({ bio, heading }: { bio: Bio; heading: string }) {
  return (
    <section className="section section--tinted" aria-labelledby="about-heading">
      <div className="container split">
        <div className="split__heading">
          <h2 id="about-heading">{heading}</h2>
        </div>
        <div className="split__body">
          <div className="person">
            <Portrait bio={bio} />
            <div>
              <p className="about__name">{bio.name}</p>
              <p className="about__role">
                {bio.role}, {bio.company} · {formatLocation(bio.location)}
              </p>
            </div>
          </div>
          <p className="about__headline">{bio.headline}</p>
          <p>{bio.summary}</p>
          <p>
            <Link href="/about" className="text-link">
              More about {bio.givenName} →
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
