import Link from 'next/link';
import type { Site } from '@/lib/content';
import { PRIMARY_NAV } from '@/lib/site/navigation';
import { BrandMark } from './brand-mark';
import { SiteMenu } from './site-menu';

/**
 * Skip link, brand and primary navigation. Wide screens show the links in one row; narrow ones fold the same
 * links into a menu that opens without JavaScript. The stylesheet shows one of the two, so a reader meets the
 * links once.
 */
export function SiteHeader({ site, tagline }: { site: Site; tagline: string }) {
  const links = PRIMARY_NAV.map((item) => (
    <li key={item.href}>
      <Link href={item.href}>{item.label}</Link>
    </li>
  ));
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
          <ul role="list" className="site-nav__row">
            {links}
          </ul>
          <SiteMenu>{links}</SiteMenu>
        </nav>
      </div>
    </header>
  );
}
