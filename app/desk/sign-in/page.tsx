import type { Metadata } from 'next';
import { DESK_PATH, DESK_SESSION_PATH } from '@/lib/http/desk-path';
import styles from '@/lib/desk/desk.module.css';
import { PageIntro } from '@/lib/ui/page-intro';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Sign in to your desk', robots: { index: false, follow: false } };

/**
 * A mailed sign-in link opens this page, which only shows a button: a mail scanner's GET or HEAD of the link
 * neither uses the token nor gets a session. The token is read from the URL into the form, whose POST carries it
 * in the body to a URL without it (lib/desk/sign-in-post.ts).
 */
export default async function DeskSignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await searchParams;
  return (
    <>
      <PageIntro eyebrow="Desk" title="Sign in to your desk" />
      <div className={`container section ${styles.narrow}`}>
        {typeof token === 'string' && token !== '' ? (
          <form method="post" action={DESK_SESSION_PATH}>
            <input type="hidden" name="token" value={token} />
            <p>Press the button to sign in on this device. The link then stops working.</p>
            <button type="submit" className="button">
              Sign in
            </button>
          </form>
        ) : (
          <p>
            This link has no sign-in token. <a href={DESK_PATH}>Ask for a new link</a>.
          </p>
        )}
      </div>
    </>
  );
}
