import type { ReactNode } from 'react';

/** The top of an inner page: an optional eyebrow, the page's single h1, and an introduction. */
export function PageIntro({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow?: ReactNode;
  title: string;
  intro?: string;
  children?: ReactNode;
}) {
  return (
    <header className="page-intro">
      <div className="container">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {intro && <p className="lede">{intro}</p>}
        {children}
      </div>
    </header>
  );
}
