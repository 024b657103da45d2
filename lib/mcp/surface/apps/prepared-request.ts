import { z } from 'zod';
import { ScheduleConsultationRequestSchema } from '@/lib/agent/agent-schemas';

// What prepare_consultation_request takes and answers (the request view checks the answer's shape itself).

/** A field of schedule_consultation as a draft holds it: any text within the field's own length, or nothing. */
function draftField(field: z.ZodType): z.ZodOptional<z.ZodString> {
  const { maxLength, description } = z.toJSONSchema(field, { io: 'input' }) as {
    maxLength?: number;
    description?: string;
  };
  const text =
    maxLength === undefined ? z.string() : z.string().max(maxLength, `must be at most ${maxLength} characters`);
  return text.optional().describe(description ?? '');
}

/**
 * schedule_consultation's fields, every one optional and checked only for length: a draft may be incomplete or
 * hold an address still to be corrected, which the form shows when the person presses Send.
 */
export const PrepareConsultationRequestSchema = z
  .strictObject(
    Object.fromEntries(
      Object.entries(ScheduleConsultationRequestSchema.shape).map(([name, field]) => [name, draftField(field)]),
    ),
  )
  .describe('PrepareConsultationRequest');

export const PreparedConsultationRequestSchema = z
  .object({
    sent: z.literal(false).describe('always false: nothing is sent until the person presses Send'),
    draft: z.record(z.string(), z.string()).describe('the fields given, to show in the form'),
    message: z.string().describe('what happens next'),
  })
  .describe('PreparedConsultationRequest');
