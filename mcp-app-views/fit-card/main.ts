import { EvaluateClientNeedsRequestSchema, EvaluateClientNeedsResponseSchema } from '@/lib/agent/schemas';
import { el, show } from '../shared/dom';
import { connectToHost } from '../shared/host';
import { type Draft, showRequestForm } from '../shared/request-form';
import { readToolResult } from '../shared/tool-result';
import { fitCard } from './fit-card';
import { readPrice } from './price';

/**
 * The view of evaluate_client_needs: the fit card from the tool's result, whose action opens the request form
 * pre-filled with the client's challenges and sector (the tool's arguments, as the host passes them).
 */
const root = document.getElementById('view') ?? document.body;
let draft: Draft = {};

void connectToHost('Fit card', (app) => {
  app.ontoolinput = ({ arguments: args }) => {
    const input = EvaluateClientNeedsRequestSchema.partial().safeParse(args ?? {});
    if (!input.success) return;
    draft = { project_context: input.data.challenges, technology_sector: input.data.technology_sector };
  };
  app.ontoolresult = (result) => {
    const answer = readToolResult(result, EvaluateClientNeedsResponseSchema);
    if (!answer.ok) return show(root, el('p', { class: 'error', role: 'alert' }, answer.message));
    const card = fitCard(answer.value, () => showRequestForm(root, app, draft));
    show(root, card);
    void readPrice(app, answer.value.recommended.key).then((price) => {
      if (price) card.querySelector('.timing')?.prepend(el('li', { class: 'price' }, price));
    });
  };
});
