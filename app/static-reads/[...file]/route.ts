import { getConfig } from '@/lib/config/env';
import { staticReadFiles } from '@/lib/static-reads/catalog';
import { staticReadBody, staticReadHeadersOf, writeStaticReadFile } from '@/lib/static-reads/bodies';

// The static reads (lib/static-reads/catalog.ts), prerendered by `next build` when SITE_URL is set; prerendering
// also writes each one where Next's static file server sends it. Without SITE_URL there are none (404).
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams(): { file: string[] }[] {
  return getConfig().SITE_URL ? staticReadFiles().map((file) => ({ file: file.split('/') })) : [];
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string[] }> }): Promise<Response> {
  const file = (await params).file.join('/');
  const body = staticReadBody(file);
  writeStaticReadFile(file, body);
  return new Response(body, { headers: staticReadHeadersOf(file) });
}
