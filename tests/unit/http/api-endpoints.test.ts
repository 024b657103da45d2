import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS, type ApiMethod, apiEndpointAt } from '@/lib/http/api-paths';
import { type RouteHandler, allowHeader } from '@/lib/http/api-route';

/**
 * API_ENDPOINTS (lib/http/api-paths.ts) declares each API endpoint once. Next needs each route file to export its
 * handlers by name (docs/serving.md, "One table of API endpoints"), and docs/agent-api.md lists the endpoints for
 * people: both are held to the table here.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const API_ROUTES = path.join(ROOT, 'app/api');
const METHODS: readonly ApiMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

/** The path a route file serves, written as API_ENDPOINTS writes it (`[name]` as `{name}`). */
function routePath(file: string): string {
  const folder = path.relative(ROOT, path.dirname(file)).split(path.sep).join('/');
  return `/${folder.replace(/^app\//, '').replace(/\[(\w+)\]/g, '{$1}')}`;
}

// The 404 of every /api path no endpoint serves: exactly /api, and the catch-all below it.
const NO_ENDPOINT = new Set(['/api', '/api/[...path]']);
const endpointRoutes = routeFiles(API_ROUTES)
  .map((file) => ({ file, path: routePath(file) }))
  .filter((route) => !NO_ENDPOINT.has(route.path));

type RouteModule = Partial<Record<ApiMethod, RouteHandler>> & { OPTIONS?: () => Promise<Response> };

/** What the route at `template` answers to `method`, with each path parameter "no-such" and an empty JSON body. */
async function answer(route: RouteModule, template: string, method: ApiMethod): Promise<Response | undefined> {
  const handler = route[method];
  if (!handler) return undefined;
  const params: Record<string, string> = {};
  const pathname = template.replace(/\{(\w+)\}/g, (_, name: string) => (params[name] = 'no-such'));
  const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
  const request = new Request(`http://localhost${pathname}`, {
    method,
    body,
    headers: { 'content-type': 'application/json', host: 'localhost' },
  });
  return handler(request, { params: Promise.resolve(params) });
}

describe('the API routes under app/api', () => {
  it('are the endpoints API_ENDPOINTS declares, one route file each', () => {
    expect(endpointRoutes.map((route) => route.path).sort()).toEqual(
      API_ENDPOINTS.map((declared) => declared.path).sort(),
    );
  });

  it.each(API_ENDPOINTS.map((declared) => [declared.path, declared] as const))(
    '%s has exactly the declared methods: the others answer 405, OPTIONS names them',
    async (template, declared) => {
      const file = endpointRoutes.find((route) => route.path === template)?.file ?? '';
      const route = (await import(file)) as RouteModule;
      expect(
        Object.keys(route)
          .filter((name) => [...METHODS, 'OPTIONS'].includes(name))
          .sort(),
      ).toEqual([...METHODS, 'OPTIONS'].sort());
      expect((await route.OPTIONS?.())?.headers.get('allow')).toBe(allowHeader(declared.methods));
      const refused = [];
      for (const method of METHODS) if ((await answer(route, template, method))?.status === 405) refused.push(method);
      expect(refused).toEqual(METHODS.filter((method) => !(declared.methods as readonly string[]).includes(method)));
    },
  );
});

/** The rows of docs/agent-api.md's "Endpoints" table under /api, as `METHOD path`. */
function documentedEndpoints(): string[] {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/agent-api.md'), 'utf8');
  const section = /\n## Endpoints\n([\s\S]*?)\n## /.exec(doc)?.[1] ?? '';
  return [...section.matchAll(/^\| *\d+ *\| *([A-Z]+) *\| *`(\/api[^`]*)`/gm)].map(
    ([, method, pathname]) => `${method} ${pathname}`,
  );
}

describe('docs/agent-api.md, "Endpoints"', () => {
  it('lists every declared API endpoint with its methods, and no other', () => {
    const documented = documentedEndpoints().map((row) => {
      const [method, pathname = ''] = row.split(' ');
      return `${method} ${apiEndpointAt(pathname)?.path ?? `(none declared) ${pathname}`}`;
    });
    expect(documented.length).toBeGreaterThan(0);
    expect([...new Set(documented)].sort()).toEqual(
      API_ENDPOINTS.flatMap((declared) => declared.methods.map((method) => `${method} ${declared.path}`)).sort(),
    );
  });
});
