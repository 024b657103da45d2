import { CHANNEL_KINDS, type ChannelKind } from '@/lib/stores/insights/insights-store';
import type { InsightsReport } from '@/lib/insights/report';
import { CHANNEL_WORDS, TOOL_WORDS, capitalised, wordsFor } from '@/lib/words';
import { ChartFigure, NothingYet } from './chart-figure';
import { FigureTable } from './figure-table';
import { HorizontalBars } from './horizontal-bars';
import type { ChartSeries } from './series';

const CHANNELS: Record<ChannelKind, ChartSeries<ChannelKind>> = {
  rest: { key: 'rest', label: capitalised(CHANNEL_WORDS.rest), look: 'solid' },
  mcp: { key: 'mcp', label: CHANNEL_WORDS.mcp, look: 'hatch' },
  form: { key: 'form', label: capitalised(CHANNEL_WORDS.form), look: 'dots' },
};

const isChannel = (channel: string): channel is ChannelKind => (CHANNEL_KINDS as readonly string[]).includes(channel);

/** Tool calls by tool, each bar split by the channel they came through (REST, MCP), most called first. */
export function ToolCallsChart({ report, id = `tool-calls-${report.days}` }: { report: InsightsReport; id?: string }) {
  const caption = `Tools used, and through what, last ${report.days} days`;
  const calls = report.toolCalls.filter((row) => isChannel(row.channel));
  if (calls.length === 0) {
    return (
      <NothingYet id={id} caption={caption} message={`Nothing yet: no tool was called in these ${report.days} days.`} />
    );
  }
  const series = CHANNEL_KINDS.filter((channel) => calls.some((row) => row.channel === channel)).map(
    (channel) => CHANNELS[channel],
  );
  const tools = new Map<string, Record<ChannelKind, number>>();
  for (const row of calls) {
    const tool = capitalised(wordsFor(TOOL_WORDS, row.tool, 'another tool'));
    const values = tools.get(tool) ?? { rest: 0, mcp: 0, form: 0 };
    if (isChannel(row.channel)) values[row.channel] += row.calls;
    tools.set(tool, values);
  }
  const total = (values: Record<ChannelKind, number>) => values.rest + values.mcp + values.form;
  const rows = [...tools]
    .map(([label, values]) => ({ label, values }))
    .sort((a, b) => total(b.values) - total(a.values));
  const desc =
    `${calls.reduce((n, row) => n + row.calls, 0)} tool calls from ${report.from} to ${report.to}: ` +
    rows
      .map((row) => `${row.label}: ${series.map((s) => `${row.values[s.key]} through ${s.label}`).join(', ')}`)
      .join('; ') +
    '.';
  return (
    <ChartFigure id={id} caption={caption}>
      <HorizontalBars id={`${id}-chart`} title={caption} desc={desc} series={series} rows={rows} />
      <FigureTable
        caption={`Tools used, by where the call came through, ${report.from} to ${report.to} (UTC)`}
        head={['Tool', ...series.map((s) => s.label), 'Calls']}
        rows={rows.map((row) => ({
          label: row.label,
          values: [...series.map((s) => row.values[s.key]), total(row.values)],
        }))}
      />
    </ChartFigure>
  );
}
