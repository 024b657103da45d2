import type { InsightsReport } from '@/lib/insights/report';
import { topAgentFamilies } from '@/lib/insights/report-tables';
import { ChartFigure, NothingYet } from './chart-figure';
import { FigureTable } from './figure-table';
import { HorizontalBars } from './horizontal-bars';
import type { ChartSeries } from './series';

const SERIES: ChartSeries<'verified' | 'claimed'>[] = [
  { key: 'verified', label: 'Verified', look: 'solid' },
  { key: 'claimed', label: 'Claimed', look: 'hatch' },
];

/**
 * The agent families that asked most (the report's "Top agent families": no browsers, no scripts), each bar split
 * into requests whose Web Bot Auth signature was verified and those that only claimed the name.
 */
export function AgentFamiliesChart({
  report,
  id = `agent-families-${report.days}`,
}: {
  report: InsightsReport;
  id?: string;
}) {
  const caption = `Agent families, verified and claimed, last ${report.days} days`;
  const families = topAgentFamilies(report);
  if (families.length === 0) {
    return (
      <NothingYet id={id} caption={caption} message={`Nothing yet: no agent asked in these ${report.days} days.`} />
    );
  }
  const sum = (pick: (row: (typeof families)[number]) => number) => families.reduce((n, row) => n + pick(row), 0);
  const [top] = families;
  const desc =
    `${families.length} agent ${families.length === 1 ? 'family' : 'families'} from ${report.from} to ${report.to}: ` +
    `${sum((row) => row.requests)} requests, ${sum((row) => row.verified)} verified, ${sum((row) => row.claimed)} only claimed. ` +
    `Most: ${top?.family} with ${top?.requests}.`;
  return (
    <ChartFigure id={id} caption={caption}>
      <HorizontalBars
        id={`${id}-chart`}
        title={caption}
        desc={desc}
        series={SERIES}
        rows={families.map((row) => ({ label: row.family, values: { verified: row.verified, claimed: row.claimed } }))}
      />
      <FigureTable
        caption={`Requests by agent family, ${report.from} to ${report.to} (UTC)`}
        head={['Family', 'Requests', 'Verified', 'Claimed']}
        rows={families.map((row) => ({ label: row.family, values: [row.requests, row.verified, row.claimed] }))}
      />
    </ChartFigure>
  );
}
