import type { Metadata } from 'next';
import { DESK_PATH, DESK_SESSION_PATH } from '@/lib/http/desk-path';
import styles from '@/lib/desk/desk.module.css';
import { tokenInLink } from '@/lib/desk/sign-in-token';
import { PageIntro } from '@/lib/ui/page-intro';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Sign in to your desk', robots: { index: false, follow: false } };

/**
 * A mailed sign-in link opens this page, which only shows a button: a mail scanner's GET or HEAD of the link
 * neither uses the token nor gets a session. The token is read from the URL into the form, whose POST carries it
 * in the body to a URL without it (lib/desk/sign-in-post.ts). A token cut or changed on its way (a mail program's
 * line breaks) gets a page that says how to open the link whole, rather than a refusal that reads as expired.
 */
export default async function DeskSignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token: given } = await searchParams;
  const token = typeof given === 'string' ? tokenInLink(given) : undefined;
  return (
    <>
      <PageIntro eyebrow="Desk" title="Sign in to your desk" />
      <div className={`container section ${styles.narrow}`}>
        {typeof given === 'string' && given !== '' && !token ? (
          <>
            <p>
              This link arrived incomplete or changed on its way: the sign-in mail&rsquo;s link ends with 43 letters,
              digits, dashes and underscores after <code>token=</code>, all on one line.
            </p>
            <p>
              Open the link by clicking it in the mail itself, or copy the whole address from the mail and paste it into
              your browser. If it still fails, <a href={DESK_PATH}>ask for a new link</a>.
            </p>
          </>
        ) : token ? (
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
