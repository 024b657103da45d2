import { trafficAsCsv } from '@/lib/desk/figures-export';
import { figuresDownload } from '@/lib/desk/figures-download';

export const dynamic = 'force-dynamic';

/** The visits per day as a spreadsheet, a column per kind of visitor, for a signed-in owner only (docs/desk.md). */
export function GET(request: Request): Promise<Response> {
  return figuresDownload(request, { type: 'text/csv; charset=utf-8', name: 'traffic', extension: 'csv' }, trafficAsCsv);
}
