import { ScheduleConsultationResponseSchema } from '@/lib/agent/schemas';
import { el, show } from '../shared/dom';
import { connectToHost } from '../shared/host';
import { type Draft, DraftSchema, labelOf, showRequestForm, showSent } from '../shared/request-form';
import { readToolResult } from '../shared/tool-result';

/**
 * The view of schedule_consultation when a model calls it: while the call runs, what is being sent; then its
 * reference and what happens next, or the honest error with the request as an editable form, so the person can
 * correct it and send it once themselves.
 */
const root = document.getElementById('view') ?? document.body;
let draft: Draft = {};

void connectToHost('Consultation request', (app) => {
  app.ontoolinput = ({ arguments: args }) => {
    draft = DraftSchema.parse(args ?? {});
    show(
      root,
      el('h2', {}, 'Sending your request'),
      el(
        'dl',
        { class: 'summary' },
        ...Object.entries(draft).flatMap(([name, value]) => [el('dt', {}, labelOf(name)), el('dd', {}, value)]),
      ),
    );
  };
  app.ontoolresult = (result) => {
    const answer = readToolResult(result, ScheduleConsultationResponseSchema);
    if (answer.ok && answer.value.success) return showSent(root, answer.value.reference, answer.value.message);
    const problem = answer.ok ? (answer.value.error ?? answer.value.message) : answer.message;
    showRequestForm(root, app, draft, problem);
  };
});
