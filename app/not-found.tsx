import Link from 'next/link';
import { PRIMARY_NAV } from '@/lib/site/navigation';
import { PageIntro } from '@/lib/ui/page-intro';

export default function NotFound() {
  return (
    <>
      <PageIntro title="Page not found" intro="The address may have changed, or the page may never have existed." />
      <div className="container section">
        <p>These pages are a good place to continue:</p>
        <ul className="plain plain--spaced">
          <li>
            <Link href="/">Home</Link>
          </li>
          {PRIMARY_NAV.map((item) => (
            <li key={item.href}>
              <Link href={item.href}>{item.label}</Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
