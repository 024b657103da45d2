import { connectToHost } from '../shared/host';
import { DraftSchema, showRequestForm } from '../shared/request-form';

/**
 * The view of a consultation request the person reviews before it is sent: the form, pre-filled with the
 * arguments the model called its tool with, editable; only Send mails anything.
 */
const root = document.getElementById('view') ?? document.body;

void connectToHost('Consultation request', (app) => {
  app.ontoolinput = ({ arguments: args }) => showRequestForm(root, app, DraftSchema.parse(args ?? {}));
}).then((app) => {
  // A host that sends no tool input still gets an empty form to fill in.
  if (root.childElementCount === 0) showRequestForm(root, app, {});
});
