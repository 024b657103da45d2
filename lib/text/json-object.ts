/** A JSON object: not null, not an array. Dependency-free, so the MCP Apps views use it too. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
