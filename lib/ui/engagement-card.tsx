import Link from 'next/link';
import type { Engagement } from '@/lib/content';
import { ordinal } from '@/lib/site/format';

/** An engagement type as a card; the whole card is one link, named by its title. */
export function EngagementCard({
  engagement,
  index,
  headingLevel = 3,
}: {
  engagement: Engagement;
  index: number;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card engagement-card">
      <p className="engagement-card__number" aria-hidden="true">
        {ordinal(index)}
      </p>
      <Heading className="card__title">
        <Link href={`/engagements/${engagement.key}`} className="card__link">
          {engagement.title}
        </Link>
      </Heading>
      <p className="engagement-card__tagline">{engagement.tagline}</p>
      <p className="card__text">{engagement.summary}</p>
      <dl className="facts">
        <div>
          <dt>Timing</dt>
          <dd>{engagement.timing[0]}</dd>
        </div>
        {engagement.price && (
          <div>
            <dt>Investment</dt>
            <dd>{engagement.price}</dd>
          </div>
        )}
      </dl>
      <span className="card__more" aria-hidden="true">
        Explore the engagement →
      </span>
    </article>
  );
}
