'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { PAGE_VIEW_PATH } from '@/lib/site/pages';

/**
 * Reports each page a person views to the site's own counter (PAGE_VIEW_PATH, lib/insights/page-view.ts): the
 * first view of the document with the host it came from (never the whole address) and a link's utm_source, then
 * each navigation inside the site. A prefetch renders nothing here, so it is never reported.
 */
export function PageViewBeacon() {
  const pathname = usePathname();
  const reported = useRef(false);
  useEffect(() => {
    const query = new URLSearchParams({ p: pathname });
    if (reported.current) query.set('in', '1');
    else {
      const from = URL.canParse(document.referrer) ? new URL(document.referrer).host : '';
      const source = new URLSearchParams(window.location.search).get('utm_source');
      if (from) query.set('from', from);
      if (source) query.set('utm', source);
    }
    reported.current = true;
    new Image().src = `${PAGE_VIEW_PATH}?${query}`;
  }, [pathname]);
  return null;
}
