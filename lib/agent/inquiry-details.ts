import type { InquiryDetails } from '@/lib/stores/insights/insights-store';
import { cleanClientText } from '@/lib/text/client-name';
import type { ScheduleConsultationRequest } from './agent-schemas';

const DAY_MS = 86_400_000;
/** The first line of what they wrote is a glance, not the message: the mail has it whole. */
const FIRST_LINE_LENGTH = 160;

/**
 * What the desk keeps of a request so she can reply from it: the name, email, sector, preferred time and the first
 * line of the project context, as plain single-line text (no control or direction characters), for `days` days.
 */
export function inquiryDetailsOf(input: ScheduleConsultationRequest, days: number, now = Date.now()): InquiryDetails {
  const firstLine = input.project_context?.split(/\r?\n/).find((line) => line.trim() !== '');
  const clean = (value: string | undefined, max: number) => {
    const text = value === undefined ? '' : cleanClientText(value, max);
    return text === '' ? undefined : text;
  };
  return {
    name: clean(input.client_name, 120) ?? '(no name)',
    email: input.client_email,
    ...optional('sector', clean(input.technology_sector, 200)),
    ...optional('firstLine', clean(firstLine, FIRST_LINE_LENGTH)),
    ...optional('preferredTime', clean(input.preferred_time, 200)),
    keptUntil: now + days * DAY_MS,
  };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}
