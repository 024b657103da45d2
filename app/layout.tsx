import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { getContent } from '@/lib/content';
import { openGraphLocale } from '@/lib/site/metadata';
import { PAGE_VIEW_PATH } from '@/lib/site/pages';
import { SiteFooter } from '@/lib/ui/site-footer';
import { SiteHeader } from '@/lib/ui/site-header';
import { fontClassNames } from '@/lib/ui/fonts';
import { PageViewBeacon } from '@/lib/ui/page-view-beacon';
import './globals.css';

// No metadataBase: each page names its own origin in its metadata (lib/site/metadata.ts), and a build serves any
// origin (docs/serving.md, "One origin").
export function generateMetadata(): Metadata {
  const { site, bio } = getContent();
  return {
    title: { default: site.siteName, template: `%s · ${site.siteName}` },
    description: site.description,
    applicationName: site.siteName,
    authors: [{ name: bio.name, url: bio.website }],
    creator: bio.name,
    openGraph: { siteName: site.siteName, locale: openGraphLocale(site.locale), type: 'website' },
  };
}

export const viewport: Viewport = {
  themeColor: '#f7f5f0',
  colorScheme: 'light',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  const { site, bio } = getContent();
  return (
    <html lang={site.locale} className={fontClassNames}>
      <body>
        <SiteHeader site={site} tagline={site.home.eyebrow} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter site={site} bio={bio} />
        <PageViewBeacon />
        {/* Without script the page reports its view by this image; its Referer names the page. */}
        <noscript>
          {/* eslint-disable-next-line @next/next/no-img-element -- a counter's pixel, not a picture to optimise */}
          <img src={PAGE_VIEW_PATH} alt="" width={1} height={1} className="page-view-pixel" />
        </noscript>
      </body>
    </html>
  );
}
