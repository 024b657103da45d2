import Link from 'next/link';
import type { Engagement } from '@/lib/content';

/** An engagement type as a card: its promise, how long it takes and what it costs; the card is one link. */
export function EngagementCard({ engagement }: { engagement: Engagement }) {
  return (
    <article className="card engagement-card">
      <h3 className="card__title">
        <Link href={`/engagements/${engagement.key}`} className="card__link">
          {engagement.title}
        </Link>
      </h3>
      <p className="engagement-card__tagline">{engagement.tagline}</p>
      <p className="engagement-card__terms">
        <span>{engagement.timing[0]}</span>
        {engagement.price && <span>{engagement.price}</span>}
      </p>
    </article>
  );
}
