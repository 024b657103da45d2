'use client';

import { useEffect, useRef } from 'react';
import { useConsultationState } from './consultation-state';
import { type ConsultationFormState, FIELD_LABELS, type FormField, fieldId } from './form-state';
import styles from './consultation-form.module.css';

/** The id of the outcome at the top of the contact page, which the form's section links back to. */
export const OUTCOME_ID = 'consultation-outcome';

const HEADINGS: Record<Exclude<ConsultationFormState['status'], 'idle'>, string> = {
  sent: 'Request sent',
  invalid: 'Please check the form',
  failed: 'Your request was not sent',
};

/**
 * What became of a consultation request, at the top of the contact page, and in the page's title: a visitor
 * whose page reloads without JavaScript sees it first, and does not send again. With JavaScript, focus moves
 * here so a screen reader reads it. Before the form is sent, only the page's title is rendered.
 */
export function ConsultationOutcome({ email, pageTitle }: { email: string; pageTitle: string }) {
  const { state } = useConsultationState();
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.status === 'idle') return;
    // At once, not smoothly: the form below changes once a frame has been painted here (ConsultationStateProvider).
    outcome.current?.focus({ preventScroll: true });
    outcome.current?.scrollIntoView({ block: 'nearest', behavior: 'instant' });
  }, [state]);
  if (state.status === 'idle') return <title>{pageTitle}</title>;
  const heading = HEADINGS[state.status];
  const sent = state.status === 'sent';
  return (
    <div className="container">
      <title>{`${heading} · ${pageTitle}`}</title>
      <div
        ref={outcome}
        id={OUTCOME_ID}
        tabIndex={-1}
        role={sent ? 'status' : 'alert'}
        className={`${styles.notice} ${styles.outcome} ${sent ? styles.success : styles.failure}`}
      >
        <h2 className={styles.noticeTitle}>{heading}</h2>
        <p>{state.message}</p>
        {sent && state.reference ? (
          <p>
            Your reference is <strong className={styles.reference}>{state.reference}</strong>: quote it if you write
            again.
          </p>
        ) : null}
        {state.status === 'invalid' ? <Problems fieldErrors={state.fieldErrors} /> : null}
        {state.status === 'failed' ? (
          <p>
            Your details are still in the form below. You can also write to <a href={`mailto:${email}`}>{email}</a>.
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** Each refused field, linked to its input, in the form's order. */
function Problems({ fieldErrors }: { fieldErrors: ConsultationFormState['fieldErrors'] }) {
  const fields = (Object.keys(FIELD_LABELS) as FormField[]).filter((field) => fieldErrors[field]);
  if (fields.length === 0) return null;
  return (
    <ul className={styles.problems}>
      {fields.map((field) => (
        <li key={field}>
          <a href={`#${fieldId(field)}`}>
            {FIELD_LABELS[field]} {fieldErrors[field]}.
          </a>
        </li>
      ))}
    </ul>
  );
}
