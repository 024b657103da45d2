'use client';

import { useActionState } from 'react';
import { INITIAL_FORM_STATE } from './form-state';
import styles from './consultation-form.module.css';
import { submitConsultation } from './submit';

interface FieldProps {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  type?: 'text' | 'email';
  autoComplete?: string;
  maxLength: number;
  multiline?: boolean;
  value?: string;
  error?: string;
}

function Field({
  name,
  label,
  hint,
  required,
  type = 'text',
  autoComplete,
  maxLength,
  multiline,
  value,
  error,
}: FieldProps) {
  const id = `field-${name}`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    required,
    maxLength,
    defaultValue: value ?? '',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: styles.input,
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}{' '}
        {required ? (
          <span className={styles.required}>(required)</span>
        ) : (
          <span className={styles.optional}>(optional)</span>
        )}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {multiline ? <textarea rows={6} {...common} /> : <input type={type} autoComplete={autoComplete} {...common} />}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {label} {error}.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The consultation request form on /contact. It posts to a server action, so it works without JavaScript;
 * with JavaScript it stays on the page and shows the same messages.
 */
export function ConsultationForm({ email }: { email: string }) {
  const [state, formAction, pending] = useActionState(submitConsultation, INITIAL_FORM_STATE);
  if (state.status === 'sent') {
    return (
      <div role="status" className={`${styles.notice} ${styles.success}`}>
        <h3 className={styles.noticeTitle}>Request sent</h3>
        <p>{state.message}</p>
        {state.reference ? (
          <p>
            Your reference is <strong className={styles.reference}>{state.reference}</strong>: quote it if you write
            again.
          </p>
        ) : null}
      </div>
    );
  }
  const { values, fieldErrors } = state;
  return (
    <form action={formAction} className={styles.form} aria-describedby="consultation-form-note">
      {state.status === 'failed' ? (
        <div role="alert" className={`${styles.notice} ${styles.failure}`}>
          <h3 className={styles.noticeTitle}>Your request was not sent</h3>
          <p>{state.message}</p>
          <p>
            Your details are still in the form below. You can also write to <a href={`mailto:${email}`}>{email}</a>.
          </p>
        </div>
      ) : null}
      {state.status === 'invalid' ? (
        <div role="alert" className={`${styles.notice} ${styles.failure}`}>
          <p>{state.message}</p>
        </div>
      ) : null}
      <Field
        name="client_name"
        label="Your name"
        required
        autoComplete="name"
        maxLength={120}
        value={values.client_name}
        error={fieldErrors.client_name}
      />
      <Field
        name="client_email"
        label="Email"
        type="email"
        required
        autoComplete="email"
        maxLength={254}
        value={values.client_email}
        error={fieldErrors.client_email}
      />
      <Field
        name="technology_sector"
        label="Technology sector"
        hint="For example developer tools, fintech or climate tech."
        maxLength={200}
        value={values.technology_sector}
        error={fieldErrors.technology_sector}
      />
      <Field
        name="preferred_time"
        label="Preferred time"
        hint="Any format: days, times, time zone."
        maxLength={200}
        value={values.preferred_time}
        error={fieldErrors.preferred_time}
      />
      <Field
        name="project_context"
        label="About your company and what prompted this"
        multiline
        maxLength={4000}
        value={values.project_context}
        error={fieldErrors.project_context}
      />
      <p id="consultation-form-note" className={styles.hint}>
        This sends a request by email, not a booking: no time is reserved until you hear back.
      </p>
      <button type="submit" className="button" disabled={pending} aria-disabled={pending}>
        {pending ? 'Sending…' : 'Send request'}
      </button>
    </form>
  );
}
