import Link from 'next/link';
import type { Bio, Site } from '@/lib/content';
import { displayHost, formatLocation, telHref } from '@/lib/site/format';
import { PRIMARY_NAV } from '@/lib/site/navigation';

/** Contact details, the site map and the machine-readable entry points (llms.txt, /agents). */
export function SiteFooter({ site, bio }: { site: Site; bio: Bio }) {
  const year = site.updated.slice(0, 4);
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {bio.name}
          </h2>
          <p className="site-footer__role">
            {bio.role}, {bio.company}
          </p>
          <address>
            <ul role="list" className="site-footer__list">
              <li>
                <a href={`mailto:${bio.email}`}>{bio.email}</a>
              </li>
              <li>
                <a href={telHref(bio.phone)}>{bio.phone}</a>
              </li>
              <li>{formatLocation(bio.location)}</li>
              <li>
                <a href={bio.website}>{displayHost(bio.website)}</a>
              </li>
            </ul>
          </address>
        </section>
        <nav aria-labelledby="footer-pages">
          <h2 id="footer-pages" className="site-footer__heading">
            Pages
          </h2>
          <ul role="list" className="site-footer__list">
            {PRIMARY_NAV.map((item) => (
              <li key={item.href}>
                <Link href={item.href}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-machines">
          <h2 id="footer-machines" className="site-footer__heading">
            For machines
          </h2>
          <ul role="list" className="site-footer__list">
            <li>
              <Link href="/agents">Agent API and MCP</Link>
            </li>
            <li>
              <a href="/llms.txt">llms.txt</a>
            </li>
            <li>
              <a href="/sitemap.xml">Sitemap</a>
            </li>
          </ul>
          {bio.social.length > 0 && (
            <ul role="list" className="site-footer__social" aria-label="Elsewhere">
              {bio.social.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="me">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <div className="container site-footer__base">
        <p>
          © {year} {bio.company}
        </p>
      </div>
    </footer>
  );
}
