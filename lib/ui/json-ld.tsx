import { getContent } from '@/lib/content';
import { buildPageJsonLd, serializeJsonLd } from '@/lib/site/json-ld';

/** Structured data as a native script element (not next/script: it is data, not code to run). */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}

/**
 * The structured data of the page at `path` on `origin` (lib/site/json-ld.ts), or nothing for a path the site
 * lacks.
 */
export function PageJsonLd({ path, origin }: { path: string; origin: string }) {
  const data = buildPageJsonLd(getContent(), path, origin);
  return data ? <JsonLd data={data} /> : null;
}
