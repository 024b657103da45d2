import { READS_ONLY, scheduleConsultationTool } from '@/lib/agent/tools';
import { countToolCall } from '@/lib/counting/tool-counts';
import { defineMcpTool } from '../mcp-tool';
import { PrepareConsultationRequestSchema, PreparedConsultationRequestSchema } from './prepared-request';
import { TOOLS_WITH_VIEWS } from './tool-names';

const SCHEDULE = scheduleConsultationTool.name;

/**
 * The way a model opens the request form for the person to review: it sends and keeps nothing, and its view
 * (the request form, pre-filled) calls schedule_consultation only when the person presses Send.
 */
export const prepareConsultationRequestTool = defineMcpTool({
  name: TOOLS_WITH_VIEWS.prepare,
  title: 'Prepare a consultation request for review',
  description:
    `Shows the person a consultation request form pre-filled with what you pass, for them to check, edit and send ` +
    `themselves. Sends nothing. Use it rather than ${SCHEDULE} whenever the person should see the request before it ` +
    `goes, which is the default in a host that shows views. Pass only what the person said; leave out what you do ` +
    `not know. In a host that shows no views, ask the person to confirm the details, then call ${SCHEDULE}.`,
  input: PrepareConsultationRequestSchema,
  output: PreparedConsultationRequestSchema,
  ...READS_ONLY,
  run: (draft, context) => {
    countToolCall(context.channel.kind, TOOLS_WITH_VIEWS.prepare);
    return {
      sent: false as const,
      draft: Object.fromEntries(
        Object.entries(draft).flatMap(([name, value]) => (value === undefined ? [] : [[name, value]])),
      ),
      message:
        `Nothing was sent. The person reviews this request in the form shown with it and presses Send there. ` +
        `If no form is shown, ask them to confirm these details, then call ${SCHEDULE} with them.`,
    };
  },
});
