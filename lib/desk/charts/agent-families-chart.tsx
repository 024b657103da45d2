import type { InsightsReport } from '@/lib/insights/report';
import { topAgentFamilies } from '@/lib/insights/report-tables';
import { SIGNATURE_WORDS, capitalised, visitorWords } from '@/lib/words';
import { ChartFigure, NothingYet } from './chart-figure';
import { FigureTable } from './figure-table';
import { HorizontalBars } from './horizontal-bars';
import type { ChartSeries } from './series';

type Outcome = keyof typeof SIGNATURE_WORDS;

const SERIES: ChartSeries<Outcome>[] = [
  { key: 'verified', label: capitalised(SIGNATURE_WORDS.verified), look: 'solid' },
  { key: 'invalid', label: capitalised(SIGNATURE_WORDS.invalid), look: 'dots' },
  { key: 'unsigned', label: capitalised(SIGNATURE_WORDS.unsigned), look: 'hatch' },
];

/**
 * The AI assistants and crawlers that asked most (no browsers, no scripts), by the names people know them by, each
 * bar split by what its Web Bot Auth signature proved: verified, failed (a warning), or not signed.
 */
export function AgentFamiliesChart({
  report,
  id = `agent-families-${report.days}`,
}: {
  report: InsightsReport;
  id?: string;
}) {
  const caption = `AI assistants and crawlers, last ${report.days} days`;
  const families = topAgentFamilies(report);
  if (families.length === 0) {
    return (
      <NothingYet
        id={id}
        caption={caption}
        message={`Nothing yet: no AI assistant or crawler came in these ${report.days} days.`}
      />
    );
  }
  const sum = (pick: (row: (typeof families)[number]) => number) => families.reduce((n, row) => n + pick(row), 0);
  const [top] = families;
  const failed = sum((row) => row.invalid);
  const desc =
    `${families.length} AI ${families.length === 1 ? 'assistant or crawler' : 'assistants and crawlers'} from ` +
    `${report.from} to ${report.to}: ${sum((row) => row.requests)} requests, ${sum((row) => row.verified)} verified, ` +
    `${failed} with a signature that failed, ${sum((row) => row.unsigned)} not signed. ` +
    `Most: ${top ? visitorWords(top.family) : ''} with ${top?.requests}.`;
  const values = (row: (typeof families)[number]) => ({
    verified: row.verified,
    invalid: row.invalid,
    unsigned: row.unsigned,
  });
  return (
    <ChartFigure id={id} caption={caption}>
      <HorizontalBars
        id={`${id}-chart`}
        title={caption}
        desc={desc}
        series={SERIES}
        rows={families.map((row) => ({ label: visitorWords(row.family), values: values(row) }))}
      />
      {/* The requests of each are the three added up, written at the end of its bar: the table fits a phone. */}
      <FigureTable
        caption={`Requests by AI assistant or crawler, ${report.from} to ${report.to} (UTC)`}
        head={['Who', ...SERIES.map((entry) => entry.label)]}
        rows={families.map((row) => ({
          label: visitorWords(row.family),
          values: [row.verified, row.invalid, row.unsigned],
        }))}
      />
      {failed > 0 && (
        <p role="note">
          Warning: {failed} {failed === 1 ? 'request' : 'requests'} carried a signature that failed. Whoever sent{' '}
          {failed === 1 ? 'it' : 'them'} is not who {failed === 1 ? 'it' : 'they'} claimed, or the signature was altered
          or reused.
        </p>
      )}
    </ChartFigure>
  );
}
