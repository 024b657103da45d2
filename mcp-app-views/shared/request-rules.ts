/** What a field of schedule_consultation accepts, as the JSON Schema of its own zod schema says, and its messages. */
export interface FieldRule {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** The tool's own words for an empty value, one too long, and one its pattern refuses. */
  messages: { empty: string; tooLong: string; invalid: string };
}

/** schedule_consultation's input as JSON Schema: the fields' rules and which are required. */
export interface RequestRules {
  required: readonly string[];
  properties: Readonly<Record<string, FieldRule>>;
}

// Put in by the bundler (mcp-app-views/bundle.ts) from lib/agent/agent-schemas.ts, so the form checks what the tool checks
// without a second copy of the rules, and without zod in the view.
declare const SCHEDULE_CONSULTATION_REQUEST_RULES: RequestRules;

export const REQUEST_RULES: RequestRules = SCHEDULE_CONSULTATION_REQUEST_RULES;

/** Why `value` (trimmed, as the tool trims it) breaks `rule`, in the tool's words; undefined when it is fine. */
export function problemWith(value: string, rule: FieldRule, required: boolean): string | undefined {
  const text = value.trim();
  if (text === '') return required ? rule.messages.empty : undefined;
  if (rule.minLength !== undefined && text.length < rule.minLength) return rule.messages.empty;
  if (rule.maxLength !== undefined && text.length > rule.maxLength) return rule.messages.tooLong;
  if (rule.pattern !== undefined && !new RegExp(rule.pattern, 'u').test(text)) return rule.messages.invalid;
  return undefined;
}
