import type { ReactNode } from 'react';
import styles from './charts.module.css';

/** A chart's figure: its caption, then the SVG and the table of the same numbers. */
export function ChartFigure({ id, caption, children }: { id: string; caption: string; children: ReactNode }) {
  return (
    <figure className={styles.figure} id={id}>
      <figcaption className={styles.caption}>{caption}</figcaption>
      {children}
    </figure>
  );
}

/** The figure of a chart with nothing to draw yet: a sentence in place of an empty SVG. */
export function NothingYet({ id, caption, message }: { id: string; caption: string; message: string }) {
  return (
    <ChartFigure id={id} caption={caption}>
      <p className={styles.empty}>{message}</p>
    </ChartFigure>
  );
}
