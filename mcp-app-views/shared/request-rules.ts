/** What a field of schedule_consultation accepts, as the JSON Schema of its own zod schema says. */
export interface FieldRule {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

/** schedule_consultation's input as JSON Schema: the fields' rules and which are required. */
export interface RequestRules {
  required: readonly string[];
  properties: Readonly<Record<string, FieldRule>>;
}

// Put in by the bundler (mcp-app-views/bundle.ts) from lib/agent/schemas.ts, so the form checks what the tool checks
// without a second copy of the rules, and without zod in the view.
declare const SCHEDULE_CONSULTATION_REQUEST_RULES: RequestRules;

export const REQUEST_RULES: RequestRules = SCHEDULE_CONSULTATION_REQUEST_RULES;

/** Why `value` (trimmed, as the tool trims it) breaks `rule`, in the tool's words; undefined when it is fine. */
export function problemWith(value: string, rule: FieldRule, required: boolean): string | undefined {
  const text = value.trim();
  if (text === '') return required ? 'must not be empty' : undefined;
  if (rule.minLength !== undefined && text.length < rule.minLength) return 'must not be empty';
  if (rule.maxLength !== undefined && text.length > rule.maxLength) {
    return `must be at most ${rule.maxLength} characters`;
  }
  if (rule.pattern !== undefined && !new RegExp(rule.pattern, 'u').test(text)) {
    return rule.format === 'email'
      ? 'must be an email address such as name@example.com'
      : 'must be a single line without control characters';
  }
  return undefined;
}
