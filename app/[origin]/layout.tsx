import type { ReactNode } from 'react';
import { type OriginParams, pageOrigin } from '@/lib/site/page-origin';

// Every page is rendered for the origin proxy.ts names in this segment on its first request there, then served
// from Next's cache (docs/serving.md, "One origin"): no origin is known when the site is built.
export const dynamicParams = true;
export function generateStaticParams(): OriginParams[] {
  return [];
}

export default async function OriginLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<OriginParams>;
}) {
  await pageOrigin(params);
  return children;
}
