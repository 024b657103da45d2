'use client';

import { unstable_isUnrecognizedActionError } from 'next/navigation';
import { PageIntro } from '@/lib/ui/page-intro';

/**
 * The contact page's error boundary (Next's error.tsx). The one error a visitor can meet here is a page of an
 * earlier build posting its form to a server of a newer one (a deploy while the page was open): that server does
 * not have the form's action, so nothing was sent, and the visitor is told so and how to send again.
 */
export default function ContactError({ error }: { error: Error }) {
  const outdated = unstable_isUnrecognizedActionError(error);
  return (
    <>
      <PageIntro eyebrow="Contact" title="Your request was not sent" />
      <div className="container section" role="alert">
        <p>
          {outdated
            ? 'The site was updated while this page was open, so your request was not sent.'
            : 'Something went wrong on this page, and your request may not have been sent.'}{' '}
          Reload the page and send your request again.
        </p>
        <p>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load: this build's page replaces the old one */}
          <a className="button" href="/contact">
            Reload the contact page
          </a>
        </p>
      </div>
    </>
  );
}
