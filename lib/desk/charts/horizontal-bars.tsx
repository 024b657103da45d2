import { scaleBand, scaleLinear } from 'd3-scale';
import { stack } from 'd3-shape';
import { type ChartSeries, Legend, SeriesPatterns, markOf } from './series';
import styles from './charts.module.css';

const WIDTH = 360;
const LEGEND = 22;
const AXIS = 18;
const ROW = 34;
const LEFT = 4;
/** Room on the right for each bar's total. */
const TOTAL_ROOM = 40;

/** One bar: its label (drawn above it, full width, so long names fit a phone) and a value per series. */
interface BarRow<K extends string> {
  label: string;
  values: Record<K, number>;
}

interface HorizontalBarsProps<K extends string> {
  id: string;
  title: string;
  desc: string;
  series: ChartSeries<K>[];
  rows: BarRow<K>[];
}

const totalOf = <K extends string>(row: BarRow<K>, series: ChartSeries<K>[]) =>
  series.reduce((sum, entry) => sum + row.values[entry.key], 0);

/** Stacked horizontal bars, one per row, its total written at its end; geometry from d3-scale and d3-shape. */
export function HorizontalBars<K extends string>({ id, title, desc, series, rows }: HorizontalBarsProps<K>) {
  const height = LEGEND + rows.length * ROW + AXIS;
  const y = scaleBand<number>()
    .domain(rows.map((_, index) => index))
    .rangeRound([LEGEND, LEGEND + rows.length * ROW]);
  const x = scaleLinear()
    .domain([0, Math.max(1, ...rows.map((row) => totalOf(row, series)))])
    .nice()
    .rangeRound([LEFT, WIDTH - TOTAL_ROOM]);
  const layers = stack<BarRow<K>, K>()
    .keys(series.map((entry) => entry.key))
    .value((row, key) => row.values[key])(rows);
  const bar = (index: number) => (y(index) ?? 0) + 15;
  const barHeight = y.bandwidth() - 19;
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{desc}</desc>
      <SeriesPatterns id={id} />
      <Legend id={id} series={series} y={4} />
      <g aria-hidden="true">
        {x
          .ticks(4)
          .filter(Number.isInteger)
          .map((tick) => (
            <g key={tick} transform={`translate(${x(tick)},0)`}>
              <line className={styles.grid} y1={LEGEND} y2={height - AXIS} />
              <text className={styles.muted} y={height - 5} textAnchor={tick === 0 ? 'start' : 'middle'}>
                {tick}
              </text>
            </g>
          ))}
        {rows.map((row, index) => (
          <g key={row.label}>
            <text x={LEFT} y={(y(index) ?? 0) + 11}>
              {row.label}
            </text>
            <text x={x(totalOf(row, series)) + 4} y={bar(index) + barHeight - 2}>
              {totalOf(row, series)}
            </text>
          </g>
        ))}
        {layers.map((layer, layerIndex) => {
          const look = series[layerIndex]?.look ?? 'solid';
          return (
            <g key={layer.key} {...markOf(id, look)}>
              {layer.map(([from, to], index) =>
                to > from ? (
                  <rect key={index} x={x(from)} y={bar(index)} width={x(to) - x(from)} height={barHeight} />
                ) : null,
              )}
            </g>
          );
        })}
      </g>
    </svg>
  );
}
