import type { EvaluateClientNeedsResponse, ScheduleConsultationResponse } from '@/lib/agent/agent-schemas';
import { isJsonObject } from '@/lib/text/json-object';

// What the views read from the tools' answers, checked by shape (the tools' own output schemas in
// lib/agent/agent-schemas.ts give the types): a result of another shape is shown as the tool's message, never
// rendered as if it were the expected answer.

type Json = Record<string, unknown>;
const isText = (value: unknown): value is string => typeof value === 'string';
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);
const isOptionalText = (value: unknown) => value === undefined || isText(value);

function isEngagement(value: unknown, full: boolean): boolean {
  if (!isJsonObject(value) || !isText(value.key) || !isText(value.title) || !isText(value.tagline)) return false;
  return !full || (isText(value.why) && [value.includes, value.outcomes, value.timing].every(isTextList));
}

export function isEvaluateAnswer(value: unknown): value is EvaluateClientNeedsResponse {
  return (
    isJsonObject(value) &&
    isEngagement(value.recommended, true) &&
    (value.alsoConsider === null || isEngagement(value.alsoConsider, false))
  );
}

export function isScheduleAnswer(value: unknown): value is ScheduleConsultationResponse {
  return (
    isJsonObject(value) &&
    typeof value.success === 'boolean' &&
    isText(value.message) &&
    isOptionalText(value.reference) &&
    isOptionalText(value.error)
  );
}

/** prepare_consultation_request's answer: nothing sent, and the draft to show in the form. */
export function isPreparedRequest(value: unknown): value is { sent: false; draft: Json } {
  return isJsonObject(value) && value.sent === false && isJsonObject(value.draft);
}
