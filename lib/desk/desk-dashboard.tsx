import type { InsightsReport } from '@/lib/insights/report';
import { comparisonLine, reportHeadline, reportTables } from '@/lib/insights/report-tables';
import { DESK_PATH } from '@/lib/http/desk-path';
import { mailFailuresLine } from '@/lib/insights/report-text';
import { signOut } from './actions';
import { AgentFamiliesChart } from './charts/agent-families-chart';
import { PageViewsPerDayChart } from './charts/page-views-per-day-chart';
import { ToolCallsChart } from './charts/tool-calls-chart';
import { type DeskFigures, MONTH_DAYS, WEEK_DAYS } from './figures';
import { DataTable } from './data-table';
import { InquiryCards } from './inquiry-cards';
import styles from './desk.module.css';

/** The tables the charts and the inquiries list already show in full. */
const SHOWN_ABOVE = new Set(['Inquiries', 'AI assistants and crawlers', 'Tools used']);

function PeriodLinks({ days }: { days: number }) {
  return (
    <nav aria-label="Period" className={styles.periods}>
      {[WEEK_DAYS, MONTH_DAYS].map((period) =>
        period === days ? (
          <strong key={period} aria-current="page">
            Last {period} days
          </strong>
        ) : (
          <a key={period} href={period === WEEK_DAYS ? DESK_PATH : `${DESK_PATH}?days=${period}`}>
            Last {period} days
          </a>
        ),
      )}
    </nav>
  );
}

function ReportTables({ report }: { report: InsightsReport }) {
  return reportTables(report)
    .filter((table) => !SHOWN_ABOVE.has(table.title))
    .map((table, index) => (
      <section key={table.title} className={styles.block} aria-labelledby={`report-table-${index}`}>
        <h3 id={`report-table-${index}`}>{table.title}</h3>
        {table.rows.length === 0 ? (
          <p>None in this period.</p>
        ) : (
          <DataTable className={styles.reportTable} head={table.head} rows={table.rows} />
        )}
      </section>
    ));
}

/** The signed-in desk: the inquiries first (the promise to reply), then who reads and calls the site. */
export function DeskDashboard({ figures, days, notice }: { figures: DeskFigures; days: number; notice?: string }) {
  const report = days === MONTH_DAYS ? figures.month : figures.week;
  return (
    <div className={`container section ${styles.desk}`}>
      <div className={styles.toolbar}>
        {notice && (
          <p className={styles.notice} role="status">
            {notice}
          </p>
        )}
        <p className={styles.downloads}>
          Download <a href={`${DESK_PATH}/inquiries.csv`}>the inquiries</a> or{' '}
          <a href={`${DESK_PATH}/traffic.csv`}>the visits per day</a> for a spreadsheet, or{' '}
          <a href={`${DESK_PATH}/figures.json`}>every figure as JSON</a>.
        </p>
        <form action={signOut}>
          <button type="submit" className="button button--quiet">
            Sign out
          </button>
        </form>
      </div>
      <InquiryCards inquiries={figures.inquiries} replies={figures.replies} />
      <section className={styles.block} aria-labelledby="traffic">
        <h2 id="traffic">Who reads and calls the site</h2>
        <PeriodLinks days={days} />
        <p>{reportHeadline(report)}.</p>
        <p>{comparisonLine(report)}.</p>
        <PageViewsPerDayChart report={report} />
        <AgentFamiliesChart report={report} />
        <ToolCallsChart report={report} />
        <ReportTables report={report} />
        <p>{mailFailuresLine(report)}</p>
      </section>
    </div>
  );
}
