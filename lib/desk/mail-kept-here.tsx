import { getConfig } from '@/lib/config/env';
import styles from './desk.module.css';

/**
 * What the signed-in owner reads at the desk's top when no mail server is set: her mail is kept on the server, in
 * the embedded inbox's folder, and nothing reaches her inbox. A trial on a live site (EMBEDDED_INBOX=true) says how
 * to go live. Nothing when mail is sent; never shown to a stranger (the folder is the server's).
 */
export function MailKeptHere() {
  const { SMTP_HOST, EMBEDDED_INBOX, OUTBOX_DIR } = getConfig();
  if (SMTP_HOST) return null;
  return (
    <div className="container">
      <p className={styles.notice} role="note">
        <strong>{EMBEDDED_INBOX ? 'Trial: no mail is sent.' : 'No mail server is set: no mail is sent.'}</strong>{' '}
        Inquiries, sign-in links and the weekly digest are kept as files on the server, in <code>{OUTBOX_DIR}</code>.
        {EMBEDDED_INBOX &&
          ' To receive them in your inbox, set SMTP_HOST, SMTP_USER, SMTP_PASS and MAIL_TO, remove EMBEDDED_INBOX, and restart.'}
      </p>
    </div>
  );
}
