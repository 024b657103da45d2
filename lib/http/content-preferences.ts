/**
 * The uses of the site's content the consultant allows, stated once and written in two vocabularies:
 * robots.txt's Content-Signal (contentsignals.org) and the pages' Content-Usage header (IETF AIPREF,
 * draft-ietf-aipref-attach with the labels of draft-ietf-aipref-vocab: `train-ai` and `search`).
 * A consultancy wants to be found, quoted in AI answers, and known to the models that write them.
 */
const ALLOWED = { search: true, aiInput: true, aiTrain: true } as const;

const yesNo = (allowed: boolean) => (allowed ? 'yes' : 'no');
const yN = (allowed: boolean) => (allowed ? 'y' : 'n');

/** robots.txt's `Content-Signal` value. */
export const CONTENT_SIGNAL = `search=${yesNo(ALLOWED.search)}, ai-input=${yesNo(ALLOWED.aiInput)}, ai-train=${yesNo(ALLOWED.aiTrain)}`;

/** The `Content-Usage` header's value; AIPREF has no label for ai-input (use in answers), so it says nothing of it. */
export const CONTENT_USAGE = `train-ai=${yN(ALLOWED.aiTrain)}, search=${yN(ALLOWED.search)}`;
