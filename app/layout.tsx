import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { getContent } from '@/lib/content';
import { openGraphLocale } from '@/lib/site/metadata';
import { siteUrl } from '@/lib/site/url';
import { SiteFooter } from '@/lib/ui/site-footer';
import { SiteHeader } from '@/lib/ui/site-header';
import './globals.css';

export function generateMetadata(): Metadata {
  const { site, bio } = getContent();
  return {
    metadataBase: new URL(siteUrl()),
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
    <html lang={site.locale}>
      <body>
        <SiteHeader site={site} tagline={site.home.eyebrow} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter site={site} bio={bio} />
      </body>
    </html>
  );
}
