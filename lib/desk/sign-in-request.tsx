import { requestSignInLink } from './actions';
import { LINK_REQUESTS_PER_HOUR } from './link-requests';
import styles from './desk.module.css';

/**
 * The page anyone without a session sees: one button that mails a sign-in link to the site's own address. It
 * shows nothing of the desk's data and asks for no address, so it can mail no one else.
 */
export function SignInRequest({ notice, outboxDir }: { notice?: string; outboxDir?: string }) {
  return (
    <div className={`container section ${styles.narrow}`}>
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <p>
        This is the site owner&rsquo;s private desk. The button below mails a sign-in link to the site&rsquo;s own
        address; no address can be typed here. At most {LINK_REQUESTS_PER_HOUR} links are sent in an hour.
      </p>
      <form action={requestSignInLink}>
        <button type="submit" className="button">
          Mail me a sign-in link
        </button>
      </form>
      {outboxDir && (
        <p className={styles.hint}>
          No mail server is configured, so the mail is kept in the local outbox: open the newest file in{' '}
          <code>{outboxDir}</code>.
        </p>
      )}
    </div>
  );
}
