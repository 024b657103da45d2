import { isEvaluateAnswer } from '../shared/answers';
import { isJsonObject } from '@/lib/text/json-object';
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

const textOrNothing = (value: unknown) => (typeof value === 'string' ? value : undefined);

void connectToHost('Fit card', (host) => {
  host.ontoolinput = ({ arguments: args }) => {
    if (!isJsonObject(args)) return;
    draft = {
      project_context: textOrNothing(args.challenges),
      technology_sector: textOrNothing(args.technology_sector),
    };
  };
  host.ontoolresult = (result) => {
    const answer = readToolResult(result, isEvaluateAnswer);
    if (!answer.ok) return show(root, el('p', { class: 'error', role: 'alert' }, answer.message));
    const card = fitCard(answer.value, () => showRequestForm(root, host, draft));
    show(root, card);
    void readPrice(host, answer.value.recommended.key).then((price) => {
      if (price) card.querySelector('.timing')?.prepend(el('li', { class: 'price' }, price));
    });
  };
});
