import { scaleBand, scaleLinear, scaleUtc } from 'd3-scale';
import { stack } from 'd3-shape';
import type { ClientKind } from '@/lib/http/agent-family';
import type { InsightsReport } from '@/lib/insights/report';
import { foldQuietDays, quietDaysLine } from '@/lib/insights/report-tables';
import { ChartFigure, NothingYet } from './chart-figure';
import { FigureTable } from './figure-table';
import { type ChartSeries, Legend, SeriesPatterns, markOf } from './series';
import styles from './charts.module.css';

const WIDTH = 360;
const HEIGHT = 200;
const MARGIN = { top: 26, right: 6, bottom: 20, left: 30 };

type Viewer = Exclude<ClientKind, 'scripts'>;

/** People and agents; scripts (a monitor polling every minute) would flatten the bars, and are in the tables. */
const SERIES: ChartSeries<Viewer>[] = [
  { key: 'people', label: 'People', look: 'solid' },
  { key: 'agents', label: 'AI assistants and crawlers', look: 'hatch' },
];

const viewsOf = (row: Day) => row.views.people + row.views.agents;

type Day = InsightsReport['perDay'][number];

/** Page views per day (UTC), by people and by agents stacked, every day of the report, quiet ones too. */
export function PageViewsPerDayChart({
  report,
  id = `page-views-per-day-${report.days}`,
}: {
  report: InsightsReport;
  id?: string;
}) {
  const caption = `Page views per day, last ${report.days} days`;
  const { busy } = foldQuietDays(report);
  if (busy.length === 0) {
    return (
      <NothingYet id={id} caption={caption} message={`Nothing yet: no page views in these ${report.days} days.`} />
    );
  }
  const chartId = `${id}-chart`;
  const days = report.perDay.map((row) => row.day);
  const x = scaleBand()
    .domain(days)
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .paddingInner(0.2);
  const y = scaleLinear()
    .domain([0, Math.max(...busy.map(viewsOf))])
    .nice()
    .rangeRound([HEIGHT - MARGIN.bottom, MARGIN.top]);
  // The day labels: the dates d3 picks as ticks of the same span, each put under its day's bar.
  const time = scaleUtc().domain([new Date(report.from), new Date(report.to)]);
  const dayTicks = time.ticks(Math.min(report.days, 6));
  const dayLabel = time.tickFormat(dayTicks.length, '%-d %b');
  const layers = stack<Day, Viewer>()
    .keys(SERIES.map((entry) => entry.key))
    .value((row, key) => row.views[key])(report.perDay);
  const busiest = busy.reduce((a, b) => (viewsOf(b) > viewsOf(a) ? b : a));
  const { views, visits } = report.totals;
  const desc =
    `From ${report.from} to ${report.to} (UTC): ${views.people} page views by people in ${visits} visits, ` +
    `${views.agents} pages read by AI assistants and crawlers; the busiest day, ${busiest.day}, had ${viewsOf(busiest)}.`;
  const quiet = quietDaysLine(report);
  return (
    <ChartFigure id={id} caption={caption}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${chartId}-title ${chartId}-desc`}
      >
        <title id={`${chartId}-title`}>{caption}</title>
        <desc id={`${chartId}-desc`}>{desc}</desc>
        <SeriesPatterns id={chartId} />
        <Legend id={chartId} series={SERIES} y={4} />
        <g aria-hidden="true">
          {y
            .ticks(4)
            .filter(Number.isInteger)
            .map((tick) => (
              <g key={tick} transform={`translate(0,${y(tick)})`}>
                <line
                  className={tick === 0 ? styles.baseline : styles.grid}
                  x1={MARGIN.left}
                  x2={WIDTH - MARGIN.right}
                />
                <text className={styles.muted} x={MARGIN.left - 4} dy="0.32em" textAnchor="end">
                  {tick}
                </text>
              </g>
            ))}
          {dayTicks.map((tick) => {
            const day = tick.toISOString().slice(0, 10);
            return (
              <text
                key={day}
                className={styles.muted}
                x={(x(day) ?? 0) + x.bandwidth() / 2}
                y={HEIGHT - 5}
                textAnchor="middle"
              >
                {dayLabel(tick)}
              </text>
            );
          })}
          {layers.map((layer, index) => (
            <g key={layer.key} {...markOf(chartId, SERIES[index]?.look ?? 'solid')}>
              {layer.map((point) => {
                const [from, to] = point;
                return to > from ? (
                  <rect
                    key={point.data.day}
                    x={x(point.data.day)}
                    y={y(to)}
                    width={x.bandwidth()}
                    height={y(from) - y(to)}
                  />
                ) : null;
              })}
            </g>
          ))}
        </g>
      </svg>
      <FigureTable
        caption={`Page views per day, ${report.from} to ${report.to} (UTC)`}
        head={['Day', 'Page views by people', 'Visits', 'Pages read by agents']}
        rows={busy.map((row) => ({ label: row.day, values: [row.views.people, row.visits, row.views.agents] }))}
      />
      {quiet ? <p className={styles.note}>{quiet}</p> : null}
    </ChartFigure>
  );
}
