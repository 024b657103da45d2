import { describeFields } from '@/lib/agent/describe';
import { RESOURCES, type ResourceDefinition } from '@/lib/agent/resources';
import { TOOLS, type ToolDefinition } from '@/lib/agent/tools';
import { resourcePath, toolPath } from '@/lib/http/api-paths';

/** One read-only resource, as the /agents page shows it. */
export interface ResourceDoc {
  name: string;
  path: string;
  description: string;
  /** The JSON form's fields (ResourceMarkdown, ResourceJson, ResourceVcard: docs/agent-api.md, "Resources"). */
  shape: string;
}

/** One tool, as the /agents page shows it; `fields` are the manifest's body descriptions. */
export interface ToolDoc {
  name: string;
  /** Its REST path, as the manifest names it. */
  path: string;
  description: string;
  fields: Array<{ name: string; description: string }>;
}

const SHAPES: Record<ResourceDefinition['schema'], string> = {
  ResourceMarkdown: '{ name, content }',
  ResourceJson: '{ name, data: [ … ] }',
  ResourceVcard: '{ name, content }',
};

function describeTool(tool: ToolDefinition): ToolDoc {
  return {
    name: tool.name,
    path: toolPath(tool.slug),
    description: tool.description,
    fields: Object.entries(describeFields(tool.input)).map(([name, description]) => ({ name, description })),
  };
}

/**
 * The agent surface for the /agents page, read from lib/agent, where the manifest, REST and MCP also get it, so
 * the page cannot describe a resource, tool or field that the API does not have.
 */
export function describeAgentSurface(): { resources: ResourceDoc[]; evaluate: ToolDoc; schedule: ToolDoc } {
  const [evaluate, schedule] = TOOLS;
  return {
    resources: RESOURCES.map((resource) => ({
      name: resource.name,
      path: resourcePath(resource.name),
      description: resource.description,
      shape: SHAPES[resource.schema],
    })),
    evaluate: describeTool(evaluate),
    schedule: describeTool(schedule),
  };
}
