import type { ReactNode } from 'react';
import { channelWords, senderWords } from '@/lib/words';
import { engagementWords } from '@/lib/insights/content-words';
import { waitingLine } from '@/lib/insights/report-replies';
import { eraseInquiryDetails, markAnswered, markNotAnswered } from './actions';
import type { DeskFigures, DeskInquiry } from './figures';
import { MONTH_DAYS, REPLY_PROMISE_HOURS } from './figures';
import { replyLink } from './reply-link';
import styles from './desk.module.css';

function age(hours: number): string {
  if (hours < 1) return 'under an hour ago';
  if (hours < 48) return `${Math.floor(hours)} hours ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

const shortTime = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** One inquiry's action: a form of one button, so it works without script. */
function ActionButton({
  action,
  reference,
  label,
  quiet = true,
}: {
  action: (form: FormData) => Promise<void>;
  reference: string;
  label: string;
  quiet?: boolean;
}) {
  return (
    <form action={action} className={styles.inline}>
      <input type="hidden" name="reference" value={reference} />
      {/* The name starts with what the button says, then which inquiry: one of many alike on the page. */}
      <button type="submit" className={quiet ? 'button button--quiet' : 'button'} aria-label={`${label}: ${reference}`}>
        {label}
      </button>
    </form>
  );
}

/** Who wrote and what they want, while the site keeps it; afterwards, a line that says it is gone. */
function Details({ inquiry }: { inquiry: DeskInquiry }) {
  const details = inquiry.details;
  if (!details) {
    return (
      <p className={styles.hint}>
        Name, email and message are no longer kept here: find them in your mail by the reference.
      </p>
    );
  }
  return (
    <>
      <p className={styles.who}>
        <strong>{details.name}</strong>
        {details.sector && <span>, {details.sector}</span>}
      </p>
      {details.firstLine && <p className={styles.firstLine}>“{details.firstLine}”</p>}
      {details.preferredTime && <p>Prefers: {details.preferredTime}</p>}
    </>
  );
}

/** One line of a card's facts: its name, then what it is. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One inquiry as a card: who and what first, then where it came from, then her actions within reach. */
function InquiryCard({ inquiry }: { inquiry: DeskInquiry }) {
  const { reference, details } = inquiry;
  const waiting = inquiry.answeredAt === undefined;
  return (
    <li
      className={`${styles.card} ${inquiry.overdue ? styles.overdueCard : ''}`}
      aria-labelledby={`inquiry-${reference}`}
    >
      <h3 id={`inquiry-${reference}`} className={styles.cardTitle}>
        {waiting ? (inquiry.overdue ? `Past the ${REPLY_PROMISE_HOURS} hours` : 'Waiting for your reply') : 'Answered'}{' '}
        <span className={styles.reference}>
          Reference <code>{reference}</code>
        </span>
      </h3>
      <Details inquiry={inquiry} />
      <dl className={styles.facts}>
        <Fact term="Received">
          <time dateTime={inquiry.at}>{age(inquiry.ageHours)}</time>
        </Fact>
        <Fact term="Through">{channelWords(inquiry.channel, inquiry.client)}</Fact>
        <Fact term="Sent by">{senderWords(inquiry.client)}</Fact>
        <Fact term="Suggested engagement">{engagementWords(inquiry.engagement)}</Fact>
        {inquiry.answeredAt && (
          <Fact term="Answered">
            <time dateTime={inquiry.answeredAt}>{shortTime(inquiry.answeredAt)}</time>
          </Fact>
        )}
        {details && (
          <Fact term="Kept here until">
            <time dateTime={details.keptUntil}>{details.keptUntil.slice(0, 10)}</time>
          </Fact>
        )}
      </dl>
      <div className={styles.actions}>
        {details && (
          <a className="button" href={replyLink(details.email, reference)}>
            Reply to {details.name}
          </a>
        )}
        {waiting ? (
          <ActionButton action={markAnswered} reference={reference} label="Mark answered" quiet={!!details} />
        ) : (
          <ActionButton action={markNotAnswered} reference={reference} label="Mark not answered" />
        )}
        {details && <ActionButton action={eraseInquiryDetails} reference={reference} label="Erase name and message" />}
      </div>
    </li>
  );
}

/**
 * The inquiries of the last MONTH_DAYS as cards: those waiting for her reply first, oldest first, then those
 * answered. Each shows who wrote and what they want while the site keeps it, and a Reply link to her mail program.
 */
export function InquiryCards({ inquiries, replies }: { inquiries: DeskInquiry[]; replies: DeskFigures['replies'] }) {
  return (
    <section className={styles.block} aria-labelledby="inquiries">
      <h2 id="inquiries">Inquiries</h2>
      <p className={replies.pastPromise > 0 ? styles.overdueSummary : undefined}>
        {inquiries.length === 0 ? `No inquiries in the last ${MONTH_DAYS} days.` : `${waitingLine(replies)}.`}
      </p>
      {inquiries.length > 0 && (
        <ol className={styles.cards}>
          {inquiries.map((inquiry) => (
            <InquiryCard key={inquiry.reference} inquiry={inquiry} />
          ))}
        </ol>
      )}
    </section>
  );
}
