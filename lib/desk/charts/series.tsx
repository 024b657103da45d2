import styles from './charts.module.css';

/** How a series is drawn: a solid fill, diagonal hatching or dots, so no series is told apart by colour alone. */
type SeriesLook = 'solid' | 'hatch' | 'dots';

export interface ChartSeries<K extends string> {
  key: K;
  label: string;
  look: SeriesLook;
}

/** The SVG attributes of a mark of `look` in the chart `id` (patterns are found by id in the page). */
export function markOf(id: string, look: SeriesLook): { className?: string; fill?: string } {
  if (look === 'solid') return { className: styles.solid };
  return { className: styles[look], fill: `url(#${id}-${look})` };
}

/** The hatching and dot patterns, once per chart; their ids start with the chart's. */
export function SeriesPatterns({ id }: { id: string }) {
  return (
    <defs>
      <pattern id={`${id}-hatch`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" className={styles.patternGround} />
        <line x1="0" y1="0" x2="0" y2="6" className={styles.hatchLine} />
      </pattern>
      <pattern id={`${id}-dots`} width="5" height="5" patternUnits="userSpaceOnUse">
        <rect width="5" height="5" className={styles.patternGround} />
        <circle cx="2.5" cy="2.5" r="1.2" className={styles.dot} />
      </pattern>
    </defs>
  );
}

/** A row of swatches with their labels along the top of a chart. */
/** Room for a legend entry's swatch and gap, and for each character of its label at the charts' 11px text. */
const SWATCH_AND_GAP = 31;
const CHARACTER_WIDTH = 6.2;

/** Where the legend's entry `index` starts: after the entries before it, each as wide as its label. */
function legendOffset<K extends string>(series: ChartSeries<K>[], index: number): number {
  return series
    .slice(0, index)
    .reduce((x, entry) => x + SWATCH_AND_GAP + Math.ceil(entry.label.length * CHARACTER_WIDTH), 0);
}

export function Legend<K extends string>({ id, series, y }: { id: string; series: ChartSeries<K>[]; y: number }) {
  return (
    <g aria-hidden="true">
      {series.map((entry, index) => (
        <g key={entry.key} transform={`translate(${legendOffset(series, index)},${y})`}>
          <rect width="12" height="12" {...markOf(id, entry.look)} />
          <text x="17" y="10">
            {entry.label}
          </text>
        </g>
      ))}
    </g>
  );
}
