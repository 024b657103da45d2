import { expect, test } from '@playwright/test';
import { inputJsonSchema } from '../../../lib/agent/describe';
import { TOOLS } from '../../../lib/agent/tools';
import { content } from '../support';

/**
 * WebMCP: where the browser offers navigator.modelContext, /contact and /agents register both tools, with the
 * same input schemas as the API, and calling one reaches the real endpoint. The browser here has no WebMCP, so
 * the test provides the registration surface the spec describes and records what the page registers.
 */
const FAKE_MODEL_CONTEXT = () => {
  const registered: Record<string, { execute(input: unknown): Promise<unknown> }> = {};
  Object.defineProperty(navigator, 'modelContext', {
    value: {
      registerTool(tool: { name: string; execute(input: unknown): Promise<unknown> }) {
        registered[tool.name] = tool;
      },
    },
  });
  Object.assign(window, { __registered: registered });
};

// The script and the tools it registers are the same at any width: the desktop project checks them.
test.skip(({ isMobile }) => isMobile, 'the same script at any width: one project is enough');

for (const path of ['/contact', '/agents']) {
  test(`${path} registers both tools with the API's own schemas`, async ({ page }) => {
    await page.addInitScript(FAKE_MODEL_CONTEXT);
    await page.goto(path);
    await page.waitForFunction(
      () => Object.keys((window as unknown as { __registered: object }).__registered).length === 2,
    );
    const tools = await page.evaluate(() =>
      Object.values(
        (
          window as unknown as {
            __registered: Record<string, { name: string; inputSchema: unknown; annotations: unknown }>;
          }
        ).__registered,
      ).map(({ name, inputSchema, annotations }) => ({ name, inputSchema, annotations })),
    );
    expect(tools.map((tool) => tool.name)).toEqual(TOOLS.map((tool) => tool.name));
    for (const tool of TOOLS) {
      const { $schema: _dialect, ...schema } = inputJsonSchema(tool.input);
      expect(tools.find((t) => t.name === tool.name)?.inputSchema).toEqual(schema);
    }
    expect(tools.find((t) => t.name === 'schedule_consultation')?.annotations).toEqual({ readOnlyHint: false });
  });
}

test('a registered tool calls the real API', async ({ page }) => {
  await page.addInitScript(FAKE_MODEL_CONTEXT);
  await page.goto('/agents');
  await page.waitForFunction(
    () => 'evaluate_client_needs' in (window as unknown as { __registered: object }).__registered,
  );
  const result = await page.evaluate(() =>
    (
      window as unknown as {
        __registered: Record<
          string,
          { execute(input: unknown): Promise<{ structuredContent: { recommended: { key: string } } }> }
        >;
      }
    ).__registered.evaluate_client_needs?.execute({
      challenges: 'We need a rebrand and a new logo after our merger',
      technology_sector: 'fintech',
    }),
  );
  expect(result?.structuredContent.recommended.key).toBe('brand-identity');
  expect(content.engagements.map((e) => e.key)).toContain(result?.structuredContent.recommended.key);
});

test('no WebMCP script on pages that do not offer the tools, and no errors where WebMCP is missing', async ({
  page,
}) => {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await page.goto('/about');
  expect(scripts).not.toContain('/webmcp.js');
  await page.goto('/contact');
  await page.waitForLoadState('networkidle');
  expect(scripts).toContain('/webmcp.js');
  expect(errors).toEqual([]);
});
