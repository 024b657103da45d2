import { describe, expect, it } from 'vitest';
import { MCP_ROUTE, TOOL_ROUTE } from '@/lib/http/api-routes';
import { apiRouteFor } from '@/lib/http/front-door';

/**
 * Issue 6: the front door serves exactly the tool calls and MCP paths; anything Next would treat differently (a
 * trailing slash it redirects, an encoded name it decodes, another path) is left to Next.
 */
describe('the API paths the front door serves', () => {
  it.each([
    ['/api/mcp', 'mcp', {}],
    ['/api/mcp?x=1', 'mcp', {}],
    ['/api/agent/tools/evaluate-client-needs', 'tool', { tool: 'evaluate-client-needs' }],
    ['/api/agent/tools/schedule-consultation?dry=1', 'tool', { tool: 'schedule-consultation' }],
    ['/api/agent/tools/no_such_tool', 'tool', { tool: 'no_such_tool' }],
  ])('%s is served here', (url, kind, params) => {
    const found = apiRouteFor(url);
    expect(found?.route).toBe(kind === 'mcp' ? MCP_ROUTE : TOOL_ROUTE);
    expect(found?.params).toEqual(params);
  });

  it.each([
    undefined,
    '/api/mcp/',
    '/API/mcp',
    '/api/mcp/extra',
    '/api/agent/tools',
    '/api/agent/tools/',
    '/api/agent/tools/evaluate-client-needs/',
    '/api/agent/tools/evaluate%2Dclient-needs',
    '/api/agent/tools/a/b',
    '/api/agent',
    '/',
  ])('%s goes to Next', (url) => {
    expect(apiRouteFor(url)).toBeUndefined();
  });
});
