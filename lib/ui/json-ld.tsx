import { serializeJsonLd } from '@/lib/site/json-ld';

/** Structured data as a native script element (not next/script: it is data, not code to run). */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
