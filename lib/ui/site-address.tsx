'use client';

import { useSyncExternalStore } from 'react';
import { SITE_ADDRESS } from '@/lib/site/site-address';

const noChanges = () => () => {};

/**
 * Text with SITE_ADDRESS written as the address the page is shown from, once it runs in a browser. The page is
 * prerendered once for every origin it may be served under, so the server writes the placeholder, which is
 * also a shell variable: without script, `SITE=<address> curl -s $SITE/api/agent` works as shown.
 */
export function SiteAddressed({ text }: { text: string }) {
  const origin = useSyncExternalStore(
    noChanges,
    () => window.location.origin,
    () => SITE_ADDRESS,
  );
  return <>{text.replaceAll(SITE_ADDRESS, origin)}</>;
}
