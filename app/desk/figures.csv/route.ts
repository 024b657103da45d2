import { figuresAsCsv } from '@/lib/desk/figures-export';
import { figuresDownload } from '@/lib/desk/figures-download';

export const dynamic = 'force-dynamic';

/** The desk's figures as CSV, for a signed-in owner only (docs/desk.md). */
export function GET(request: Request): Promise<Response> {
  return figuresDownload(request, { type: 'text/csv; charset=utf-8', extension: 'csv' }, figuresAsCsv);
}
