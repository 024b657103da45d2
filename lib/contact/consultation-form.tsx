'use client';

import { OUTCOME_ID } from './consultation-outcome';
import { useConsultationState } from './consultation-state';
import { FIELD_LABELS, type FormField, fieldId } from './form-state';
import styles from './consultation-form.module.css';

interface FieldProps {
  name: FormField;
  hint?: string;
  required?: boolean;
  type?: 'text' | 'email';
  autoComplete?: string;
  maxLength: number;
  multiline?: boolean;
  value?: string;
  error?: string;
}

function Field({ name, hint, required, type = 'text', autoComplete, maxLength, multiline, value, error }: FieldProps) {
  const id = fieldId(name);
  const label = FIELD_LABELS[name];
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
 * with JavaScript it stays on the page. Its outcome is shown at the top of the page (ConsultationOutcome); the
 * form keeps what was typed and marks each refused field.
 */
export function ConsultationForm() {
  const { formState: state, formAction, pending } = useConsultationState();
  if (state.status === 'sent') {
    return (
      <p className={styles.sentNote}>
        Your request was sent: its reference is at the <a href={`#${OUTCOME_ID}`}>top of this page</a>.
      </p>
    );
  }
  const { values, fieldErrors } = state;
  return (
    <form action={formAction} className={styles.form} aria-describedby="consultation-form-note">
      <Field
        name="client_name"
        required
        autoComplete="name"
        maxLength={120}
        value={values.client_name}
        error={fieldErrors.client_name}
      />
      <Field
        name="client_email"
        type="email"
        required
        autoComplete="email"
        maxLength={254}
        value={values.client_email}
        error={fieldErrors.client_email}
      />
      <Field
        name="technology_sector"
        hint="For example developer tools, fintech or climate tech."
        maxLength={200}
        value={values.technology_sector}
        error={fieldErrors.technology_sector}
      />
      <Field
        name="preferred_time"
        hint="Any format: days, times, time zone."
        maxLength={200}
        value={values.preferred_time}
        error={fieldErrors.preferred_time}
      />
      <Field
        name="project_context"
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
