/** The fields of the consultation form: exactly the schedule_consultation request fields. */
export const FORM_FIELDS = [
  'client_name',
  'client_email',
  'preferred_time',
  'project_context',
  'technology_sector',
] as const;

export type FormField = (typeof FORM_FIELDS)[number];

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
