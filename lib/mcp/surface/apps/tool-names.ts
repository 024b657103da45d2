import type { ToolDefinition } from '@/lib/agent/tools';

/** The tools a view is shown for, by name: the views bundle this file too, so it holds names and nothing more. */
export const TOOLS_WITH_VIEWS = {
  evaluate: 'evaluate_client_needs' satisfies ToolDefinition['name'],
  schedule: 'schedule_consultation' satisfies ToolDefinition['name'],
  prepare: 'prepare_consultation_request',
} as const;
