import type { EvaluateClientNeedsResponse } from '@/lib/agent/agent-schemas';
import { el } from '../shared/dom';

/** A titled list that stays folded until opened, so the card fits the height hosts give inline views. */
function foldedList(title: string, items: readonly string[]): HTMLElement | null {
  if (items.length === 0) return null;
  return el('details', {}, el('summary', {}, title), el('ul', {}, ...items.map((item) => el('li', {}, item))));
}

/**
 * The fit card: evaluate_client_needs's answer as a person reads it. Every word comes from the result (the
 * content's engagements, through the tool); the card adds only headings and the action. The result's nextStep is
 * written for agents (which endpoint to call), so the action takes its place here.
 */
export function fitCard(result: EvaluateClientNeedsResponse, onRequest: () => void): HTMLElement {
  const { recommended, alsoConsider } = result;
  const action = el('button', { type: 'button', class: 'button' }, 'Request a consultation');
  action.addEventListener('click', onRequest);
  return el(
    'article',
    { class: 'fit-card', 'aria-labelledby': 'fit-title' },
    el('p', { class: 'eyebrow' }, 'Recommended engagement'),
    el('h2', { id: 'fit-title' }, recommended.title),
    el('p', { class: 'tagline' }, recommended.tagline),
    el(
      'ul',
      { class: 'timing', 'aria-label': 'Timing and price' },
      ...recommended.timing.map((line) => el('li', {}, line)),
    ),
    el('details', {}, el('summary', {}, 'Why it fits'), el('p', { class: 'why' }, recommended.why)),
    foldedList('What it includes', recommended.includes),
    foldedList('Outcomes', recommended.outcomes),
    alsoConsider
      ? el(
          'p',
          { class: 'runner-up' },
          el('span', { class: 'muted' }, 'Also consider: '),
          el('strong', {}, alsoConsider.title),
          ` (${alsoConsider.tagline})`,
        )
      : null,
    el('div', { class: 'actions' }, action),
  );
}
