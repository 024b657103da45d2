import { requestSignInLink } from './actions';
import { LINK_REQUESTS_PER_ADDRESS, LINK_REQUESTS_SITE_WIDE } from './link-requests';
import styles from './desk.module.css';

/**
 * The page anyone without a session sees: one button that mails a sign-in link to the site's own address. It
 * shows nothing of the desk's data or of the server (no folder, no setting), and asks for no address, so it can
 * mail no one else.
 */
export function SignInRequest({ notice }: { notice?: string }) {
  return (
    <div className={`container section ${styles.narrow}`}>
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <p>
        This is the site owner&rsquo;s private desk. The button below mails a sign-in link to the site&rsquo;s own
        address; no address can be typed here. Each address may ask for {LINK_REQUESTS_PER_ADDRESS} links an hour, and
        the site mails at most {LINK_REQUESTS_SITE_WIDE} an hour in all.
      </p>
      <form action={requestSignInLink}>
        <button type="submit" className="button">
          Mail me a sign-in link
        </button>
      </form>
      <p className={styles.hint}>
        The site&rsquo;s owner can also get a link at any time, on the server: <code>npm run desk-link</code>.
      </p>
    </div>
  );
}
