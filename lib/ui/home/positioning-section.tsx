import type { Site } from '@/lib/content';

/** The consultancy's point of view, followed by the principles it works by. */
export function PositioningSection({ home }: { home: Site['home'] }) {
  return (
    <section className="section" aria-labelledby="positioning-heading">
      <div className="container">
        <div className="split">
          <h2 id="positioning-heading" className="split__heading">
            {home.positioning.heading}
          </h2>
          <div className="split__body">
            {home.positioning.paragraphs.map((paragraph) => (
              <p key={paragraph} className="split__text">
                {paragraph}
              </p>
            ))}
          </div>
        </div>
        <ul role="list" className="principles">
          {home.principles.map((principle) => (
            <li key={principle.title}>
              <h3>{principle.title}</h3>
              <p>{principle.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
