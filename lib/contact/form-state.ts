/** The fields of the consultation form: exactly the schedule_consultation request fields. */
export const FORM_FIELDS = [
  'client_name',
  'client_email',
  'preferred_time',
  'project_context',
  'technology_sector',
] as const;

export type FormField = (typeof FORM_FIELDS)[number];

/** Each field's label, as the form shows it and as the list of problems at the top of the page names it. */
export const FIELD_LABELS: Record<FormField, string> = {
  client_name: 'Your name',
  client_email: 'Email',
  technology_sector: 'Technology sector',
  preferred_time: 'Preferred time',
  project_context: 'About your company and what prompted this',
};

/** The id of a field's input, which its label and the list of problems point at. */
export function fieldId(field: string): string {
  return `field-${field}`;
}

/** What the form shows after a submission. */
export interface ConsultationFormState {
  status: 'idle' | 'invalid' | 'sent' | 'failed';
  /** What the visitor typed, so nothing is lost when the form comes back with errors. */
  values: Partial<Record<string, string>>;
  fieldErrors: Partial<Record<string, string>>;
  message: string;
  /** The sent request's reference, as the agent API answers it: the one the consultant's mail carries. */
  reference?: string;
}

export const INITIAL_FORM_STATE: ConsultationFormState = { status: 'idle', values: {}, fieldErrors: {}, message: '' };
