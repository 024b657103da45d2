import { figuresAsJson } from '@/lib/desk/figures-export';
import { figuresDownload } from '@/lib/desk/figures-download';

export const dynamic = 'force-dynamic';

/** The desk's figures as JSON, for a signed-in owner only (docs/desk.md). */
export function GET(request: Request): Promise<Response> {
  return figuresDownload(request, { type: 'application/json', name: 'desk-figures', extension: 'json' }, figuresAsJson);
}
