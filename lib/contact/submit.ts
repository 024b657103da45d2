'use server';

import { headers } from 'next/headers';
import { ScheduleConsultationRequestSchema } from '@/lib/agent/agent-schemas';
import { scheduleConsultationTool } from '@/lib/agent/tools';
import { clientAddress } from '@/lib/http/forwarded';
import { originFromHeaders } from '@/lib/security/public-origin';
import { ApiError, unexpectedError } from '@/lib/api-errors';
import { consumeQuota } from '@/lib/quotas/consume-quota';
import { generalQuota } from '@/lib/http/api-route';
import { validateInput } from '@/lib/http/validate';
import { agentIdentityOf } from '@/lib/security/web-bot-auth/agent-identity';
import { MAX_WAIT_MS } from '@/lib/security/web-bot-auth/verify-request';
import { type ConsultationFormState, FORM_FIELDS, type FormField, INITIAL_FORM_STATE } from './form-state';

/**
 * The contact form's server action. It submits through the same code as the agent API's
 * schedule_consultation (the same schema, quotas and mail), so the site and the API cannot disagree.
 * It works without JavaScript: the browser posts the form and the page is rendered with this state.
 */
export async function submitConsultation(
  _previous: ConsultationFormState,
  form: FormData,
): Promise<ConsultationFormState> {
  // A handcrafted call (a Next-Action request, or a form post without the form's hidden fields) may bring
  // anything; this page's form always sends its FormData second.
  if (!(form instanceof FormData)) {
    return {
      ...INITIAL_FORM_STATE,
      status: 'invalid',
      message: 'This submission did not come from the consultation form; nothing was sent. Please use the form.',
    };
  }
  const { values, notText } = readFormFields(form);
  // Empty optional fields are left out rather than sent as empty strings.
  const input = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
  const validated = validateInput(ScheduleConsultationRequestSchema, input);
  if (!validated.ok || notText.length > 0) {
    return {
      status: 'invalid',
      values,
      fieldErrors: {
        // The type hint ("(a string)") helps an API caller, not a person filling in a form.
        ...(validated.ok
          ? {}
          : Object.fromEntries(validated.problems.map((p) => [p.field, p.message.replace(/ \(a string\)$/, '')]))),
        ...Object.fromEntries(notText.map((field) => [field, 'must be text, not a file'])),
      },
      message: 'Please correct the highlighted fields.',
    };
  }
  const requestHeaders = await headers();
  const client = clientAddress(requestHeaders);
  const requestId = crypto.randomUUID();
  try {
    await consumeQuota(generalQuota(), client);
    const result = await scheduleConsultationTool.run(validated.data, {
      origin: originFromHeaders(requestHeaders),
      requestId,
      consume: async (quota) => {
        await consumeQuota(quota, client);
      },
      channel: { kind: 'form' },
      // The form is posted to the page it is on; a signature over any other path is only a claim.
      identity: () =>
        agentIdentityOf(
          { method: 'POST', authority: requestHeaders.get('host') ?? '', target: '/contact', headers: requestHeaders },
          MAX_WAIT_MS,
        ),
      client,
    });
    return { status: 'sent', values: {}, fieldErrors: {}, message: result.message, reference: result.reference };
  } catch (error) {
    const message =
      error instanceof ApiError
        ? `${error.message} ${error.resolution}`
        : `${unexpectedError(requestId, error, 'the contact form').message} Nothing was sent; please try again or write by email.`;
    return { status: 'failed', values, fieldErrors: {}, message };
  }
}

/**
 * The form's fields as text. A field posted as a file (only a handcrafted post can) is named in `notText` and
 * read as empty, so it becomes a field error rather than the text "[object File]".
 */
function readFormFields(form: FormData): { values: Record<string, string>; notText: FormField[] } {
  const notText = FORM_FIELDS.filter((field) => form.getAll(field).some((entry) => typeof entry !== 'string'));
  const values = Object.fromEntries(
    FORM_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === 'string' && !notText.includes(field) ? value : ''];
    }),
  );
  return { values, notText };
}
