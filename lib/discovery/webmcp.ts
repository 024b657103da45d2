import { inputJsonSchema } from '@/lib/agent/describe';
import { TOOLS } from '@/lib/agent/tools';
import { toolPath } from '@/lib/http/api-paths';

/** What public/webmcp.js registers with `navigator.modelContext`: derived from the tools in lib/agent. */
interface WebMcpToolSpec {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** Same-origin path the tool is called at. */
  endpoint: string;
  readOnly: boolean;
}

/** The WebMCP description of both tools, as embedded in the pages that offer them. */
export function webMcpTools(): WebMcpToolSpec[] {
  return TOOLS.map((tool) => {
    const { $schema: _dialect, ...inputSchema } = inputJsonSchema(tool.input);
    return {
      name: tool.name,
      description: tool.description,
      inputSchema,
      endpoint: toolPath(tool.slug),
      readOnly: !tool.sideEffects,
    };
  });
}
