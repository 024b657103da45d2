import Link from 'next/link';
import type { Site } from '@/lib/content';
import { PRIMARY_NAV } from '@/lib/site/navigation';
import { BrandMark } from './brand-mark';

/**
 * Skip link, brand and primary navigation. The navigation is a plain wrapping list, so it works on a phone
 * without JavaScript; there is no menu button to open.
 */
export function SiteHeader({ site, tagline }: { site: Site; tagline: string }) {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="container site-header__inner">
        <Link href="/" className="brand">
          <BrandMark />
          <span className="brand__text">
            <span className="brand__name">{site.siteName}</span>
            <span className="brand__tagline">{tagline}</span>
          </span>
        </Link>
        <nav className="site-nav" aria-label="Main">
          <ul role="list">
            {PRIMARY_NAV.map((item) => (
              <li key={item.href}>
                <Link href={item.href}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
