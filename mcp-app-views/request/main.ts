import { isPreparedRequest, isScheduleAnswer } from '../shared/answers';
import { el, show } from '../shared/dom';
import { connectToHost } from '../shared/host';
import { type Draft, labelOf, readDraft, showRequestForm, showSent } from '../shared/request-form';
import { readToolResult } from '../shared/tool-result';
import { TOOLS_WITH_VIEWS } from '@/lib/mcp/surface/apps/tool-names';

/**
 * The view of two tools. prepare_consultation_request: the request as an editable form, pre-filled with what the
 * model passed, sent only when the person presses Send. schedule_consultation, which a model calls to send at
 * once: what is being sent, then its reference and what happens next, or the honest error with the request as
 * an editable form, so the person can correct it and send it once themselves.
 */
const root = document.getElementById('view') ?? document.body;
let draft: Draft = {};

void connectToHost('Consultation request', (host) => {
  host.ontoolinput = ({ arguments: args }) => {
    draft = readDraft(args);
    // Hosts that name the tool let the form open at once; the result says which tool it was in any case.
    const tool = host.getHostContext().toolInfo?.tool.name;
    if (tool === TOOLS_WITH_VIEWS.prepare) return showRequestForm(root, host, draft);
    show(
      root,
      el('h2', {}, tool === TOOLS_WITH_VIEWS.schedule ? 'Sending your request' : 'Your consultation request'),
      el(
        'dl',
        { class: 'summary' },
        ...Object.entries(draft).flatMap(([name, value]) => [el('dt', {}, labelOf(name)), el('dd', {}, value)]),
      ),
    );
  };
  host.ontoolresult = (result) => {
    if (!result.isError && isPreparedRequest(result.structuredContent)) {
      const prepared = readDraft(result.structuredContent.draft);
      if (!root.querySelector('form.request')) showRequestForm(root, host, prepared);
      return;
    }
    const answer = readToolResult(result, isScheduleAnswer);
    if (answer.ok && answer.value.success) return showSent(root, answer.value.reference, answer.value.message);
    const problem = answer.ok ? (answer.value.error ?? answer.value.message) : answer.message;
    showRequestForm(root, host, draft, problem);
  };
});
