import type { ScheduleConsultationRequest } from '@/lib/agent/agent-schemas';
import { isScheduleAnswer } from './answers';
import { isJsonObject } from '@/lib/text/json-object';
import { el, show } from './dom';
import type { HostConnection } from './host';
import { REQUEST_RULES, problemWith } from './request-rules';
import { readToolResult } from './tool-result';
import { TOOLS_WITH_VIEWS } from '@/lib/mcp/surface/apps/tool-names';

type Field = keyof ScheduleConsultationRequest;

/** The form's fields in order, with the labels a person reads; the rules are the tool's own schema. */
const FIELDS: readonly { name: Field; label: string; type: 'text' | 'email' | 'textarea'; autocomplete?: string }[] = [
  { name: 'client_name', label: 'Your name', type: 'text', autocomplete: 'name' },
  { name: 'client_email', label: 'Email', type: 'email', autocomplete: 'email' },
  { name: 'preferred_time', label: 'Preferred time (optional)', type: 'text' },
  { name: 'technology_sector', label: 'Sector (optional)', type: 'text' },
  { name: 'project_context', label: 'What prompted this (optional)', type: 'textarea' },
];

/** The label a person reads for each field of the request. */
export const labelOf = (name: string): string => FIELDS.find((field) => field.name === name)?.label ?? name;

export type Draft = Partial<Record<Field, string>>;

/** What a draft may hold: any of the request's fields as text; anything else is ignored. */
export function readDraft(value: unknown): Draft {
  if (!isJsonObject(value)) return {};
  return Object.fromEntries(
    FIELDS.flatMap(({ name }) => (typeof value[name] === 'string' ? [[name, value[name]]] : [])),
  );
}

/** A fresh key per attempt: a host that retries one Send is answered once, and nothing is mailed twice. */
const newIdempotencyKey = (): string => crypto.randomUUID();

/**
 * The request a person reviews before it is sent: the fields pre-filled from `draft` (what a model passed, or
 * the fit card's), editable; Send calls schedule_consultation through the host, once, and shows its answer.
 */
export function showRequestForm(root: HTMLElement, app: HostConnection, draft: Draft, problem?: string): void {
  const inputs = new Map<Field, HTMLInputElement | HTMLTextAreaElement>();
  const errors = new Map<Field, HTMLElement>();
  const rows = FIELDS.map(({ name, label, type, autocomplete }) => {
    const id = `field-${name}`;
    const error = el('p', { class: 'field-error', id: `${id}-error`, hidden: true });
    const input =
      type === 'textarea'
        ? el('textarea', { id, name, rows: '2' })
        : el('input', { id, name, type, ...(autocomplete ? { autocomplete } : {}) });
    input.value = draft[name] ?? '';
    input.required = REQUEST_RULES.required.includes(name);
    inputs.set(name, input);
    errors.set(name, error);
    return el('div', { class: `field field-${type}` }, el('label', { for: id }, label), input, error);
  });
  const send = el('button', { type: 'submit', class: 'button' }, 'Send request');
  const status = el(
    'p',
    { class: 'status', role: 'status', 'aria-live': 'polite' },
    problem ? el('span', { class: 'error' }, problem) : null,
  );
  const heading = el('h2', { id: 'request-title', tabindex: '-1' }, 'Request a consultation');
  const form = el(
    'form',
    { class: 'request', novalidate: true, 'aria-labelledby': 'request-title' },
    heading,
    el('p', { class: 'muted' }, 'Check the details below: nothing is sent until you press Send.'),
    ...rows,
    el('div', { class: 'actions' }, send),
    status,
  );

  let sending = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    // The tool's own rules (request-rules.ts), checked here so a mistake is shown at its field before any call.
    let firstInvalid: HTMLInputElement | HTMLTextAreaElement | undefined;
    for (const [name, input] of inputs) {
      const rule = REQUEST_RULES.properties[name];
      const problem = rule && problemWith(input.value, rule, input.required);
      markField(input, errors.get(name), problem);
      if (problem) firstInvalid ??= input;
    }
    if (firstInvalid) return firstInvalid.focus();
    const request = Object.fromEntries(
      [...inputs].flatMap(([name, input]) => (input.value.trim() === '' ? [] : [[name, input.value.trim()]])),
    ) as ScheduleConsultationRequest;
    sending = true;
    send.disabled = true;
    status.textContent = 'Sending…';
    void sendRequest(app, request).then((answer) => {
      if (answer.ok) return showSent(root, answer.reference, answer.message);
      sending = false;
      send.disabled = false;
      status.replaceChildren(el('span', { class: 'error' }, answer.message));
    });
  });
  show(root, form);
  // The heading, never Send or a field: the form may open while the person is still typing in the host's chat
  // box, and an Enter meant for the chat must not submit it. A screen reader starts reading at the heading.
  heading.focus();
}

function markField(
  input: HTMLInputElement | HTMLTextAreaElement | undefined,
  error: HTMLElement | undefined,
  message: string | undefined,
): void {
  if (!input || !error) return;
  error.textContent = message ?? '';
  error.hidden = message === undefined;
  if (message === undefined) {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  } else {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', error.id);
  }
}

type SendAnswer = { ok: true; reference?: string; message: string } | { ok: false; message: string };

async function sendRequest(app: HostConnection, request: ScheduleConsultationRequest): Promise<SendAnswer> {
  try {
    const result = await app.callServerTool({
      name: TOOLS_WITH_VIEWS.schedule,
      arguments: { ...request, idempotency_key: newIdempotencyKey() },
    });
    const answer = readToolResult(result, isScheduleAnswer);
    if (!answer.ok) return answer;
    if (!answer.value.success) return { ok: false, message: answer.value.error ?? answer.value.message };
    return { ok: true, reference: answer.value.reference, message: answer.value.message };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The request could not reach the server (${reason}). Nothing was sent; try again.` };
  }
}

/** The answer to a request that was sent: its reference and what happens next, in the tool's words. */
export function showSent(root: HTMLElement, reference: string | undefined, message: string): void {
  const heading = el('h2', { tabindex: '-1' }, 'Request sent');
  show(
    root,
    el(
      'section',
      { class: 'sent', 'aria-labelledby': 'sent-title' },
      heading,
      reference ? el('p', {}, 'Reference ', el('strong', { class: 'reference' }, reference)) : null,
      el('p', {}, message),
    ),
  );
  heading.id = 'sent-title';
  heading.focus();
}
