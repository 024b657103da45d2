import Link from 'next/link';

/** The closing call to action that leads to /contact. */
export function CtaBand({ id, heading, text, label }: { id: string; heading: string; text: string; label: string }) {
  return (
    <section className="cta-band" aria-labelledby={id}>
      <div className="container cta-band__inner">
        <div>
          <h2 id={id}>{heading}</h2>
          <p>{text}</p>
        </div>
        <Link href="/contact" className="button button--light">
          {label}
        </Link>
      </div>
    </section>
  );
}
