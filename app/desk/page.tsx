import type { Metadata } from 'next';
import { getInsightsStore } from '@/lib/stores/insights/insights-store';
import { deskVisitor } from '@/lib/desk/current-session';
import { DeskDashboard } from '@/lib/desk/desk-dashboard';
import { MONTH_DAYS, WEEK_DAYS, buildDeskFigures } from '@/lib/desk/figures';
import { MailKeptHere } from '@/lib/desk/mail-kept-here';
import { DESK_NOTICES, deskNotice } from '@/lib/desk/notices';
import { SignInRequest } from '@/lib/desk/sign-in-request';
import { PageIntro } from '@/lib/ui/page-intro';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Desk', robots: { index: false, follow: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The consultant's desk (docs/desk.md): her agents and inquiries once signed in, else the sign-in button. */
export default async function DeskPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const notice = deskNotice(params.notice);
  const visitor = await deskVisitor();
  if (!visitor.session) {
    const shown = visitor.unavailable ? 'unavailable' : notice;
    return (
      <>
        <PageIntro eyebrow="Desk" title="Sign in to your desk" />
        <SignInRequest notice={shown && DESK_NOTICES[shown]} />
      </>
    );
  }
  const store = getInsightsStore();
  return (
    <>
      <PageIntro eyebrow="Desk" title="Your desk" />
      <MailKeptHere />
      {store ? (
        <DeskDashboard
          figures={await buildDeskFigures(store)}
          days={params.days === String(MONTH_DAYS) ? MONTH_DAYS : WEEK_DAYS}
          notice={notice && DESK_NOTICES[notice]}
        />
      ) : (
        <div className="container section">
          <p>Nothing is counted on this server (INSIGHTS=false, or its store could not open: see the server log).</p>
        </div>
      )}
    </>
  );
}
