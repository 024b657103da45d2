import { markAnswered } from './actions';
import type { DeskInquiry } from './figures';
import { MONTH_DAYS, REPLY_PROMISE_HOURS } from './figures';
import styles from './desk.module.css';

function age(hours: number): string {
  if (hours < 1) return 'under an hour';
  if (hours < 48) return `${Math.floor(hours)} h`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * The inquiries of the last MONTH_DAYS by reference, newest first: those unanswered after the promised
 * REPLY_PROMISE_HOURS stand out. Names, addresses and messages are in her mail, found by the reference.
 */
export function InquiriesTable({ inquiries }: { inquiries: DeskInquiry[] }) {
  const overdue = inquiries.filter((inquiry) => inquiry.overdue).length;
  return (
    <section className={styles.block} aria-labelledby="inquiries">
      <h2 id="inquiries">Inquiries</h2>
      <p className={overdue > 0 ? styles.overdueSummary : undefined}>
        {inquiries.length === 0
          ? `No inquiries in the last ${MONTH_DAYS} days.`
          : `${inquiries.length} in the last ${MONTH_DAYS} days; ${overdue} not answered after ${REPLY_PROMISE_HOURS} hours.`}
      </p>
      {inquiries.length > 0 && (
        <div className="table-scroll">
          <table>
            <caption className={styles.visuallyHidden}>Inquiries by reference, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Age</th>
                <th scope="col">Channel</th>
                <th scope="col">Client</th>
                <th scope="col">Suggested engagement</th>
                <th scope="col">Answered</th>
              </tr>
            </thead>
            <tbody>
              {inquiries.map((inquiry) => (
                <tr key={inquiry.reference} className={inquiry.overdue ? styles.overdueRow : undefined}>
                  <th scope="row">
                    <code>{inquiry.reference}</code>
                  </th>
                  <td>
                    <time dateTime={inquiry.at}>{age(inquiry.ageHours)}</time>
                  </td>
                  <td>{inquiry.channel}</td>
                  <td>{inquiry.client}</td>
                  <td>{inquiry.engagement}</td>
                  <td>
                    {inquiry.answeredAt ? (
                      <time dateTime={inquiry.answeredAt}>{inquiry.answeredAt.slice(0, 16).replace('T', ' ')}</time>
                    ) : (
                      <form action={markAnswered} className={styles.inline}>
                        <input type="hidden" name="reference" value={inquiry.reference} />
                        {inquiry.overdue && <strong className={styles.overdueLabel}>Overdue </strong>}
                        <button type="submit" className="button button--quiet">
                          Mark {inquiry.reference} answered
                        </button>
                      </form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
