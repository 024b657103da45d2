import { inquiriesAsCsv } from '@/lib/desk/figures-export';
import { figuresDownload } from '@/lib/desk/figures-download';

export const dynamic = 'force-dynamic';

/** The inquiries as a spreadsheet, one row each, for a signed-in owner only (docs/desk.md). */
export function GET(request: Request): Promise<Response> {
  return figuresDownload(
    request,
    { type: 'text/csv; charset=utf-8', name: 'inquiries', extension: 'csv' },
    inquiriesAsCsv,
  );
}
