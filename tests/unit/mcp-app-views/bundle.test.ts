import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ScheduleConsultationRequestSchema } from '../../../lib/agent/agent-schemas';
import { VIEW_ENTRIES, type ViewName, buildViews, readSiteTokens, requestRules } from '../../../mcp-app-views/bundle';

const GLOBALS_CSS = fs.readFileSync(path.resolve(import.meta.dirname, '../../../app/globals.css'), 'utf8');

describe('the MCP Apps views, as npm run build bundles them', () => {
  let views: Record<ViewName, string>;
  beforeAll(async () => {
    views = await buildViews();
  }, 60_000);

  it('builds every view', () => {
    expect(Object.keys(views).sort()).toEqual(Object.keys(VIEW_ENTRIES).sort());
  });

  it.each(Object.keys(VIEW_ENTRIES) as ViewName[])('%s is one document that loads nothing from elsewhere', (name) => {
    const html = views[name];
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html.match(/<script\b/g)).toHaveLength(1);
    expect(html.match(/<style\b/g)).toHaveLength(1);
    const markup = html.replace(/<script>[^]*<\/script>/, '<script></script>');
    expect(markup).not.toMatch(/\s(?:src|href)=|<link\b|<img\b|<iframe\b/i);
    const css = /<style>([^]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(css).not.toMatch(/@import|url\(/i);
    // The inline script ends only where the document does.
    expect(html.toLowerCase().indexOf('</script')).toBe(html.length - '</script></body></html>'.length);
  });

  it.each(Object.keys(VIEW_ENTRIES) as ViewName[])('%s carries the site tokens of app/globals.css', (name) => {
    const accent = /--accent:\s*([^;]+);/.exec(GLOBALS_CSS)?.[1]?.trim();
    expect(accent).toBeDefined();
    expect(views[name]).toMatch(new RegExp(`--accent:\\s*${accent}`));
  });

  // Hosts load a view each time they show a tool's answer; a view that pulled in a client library or zod would be
  // tens of times this (docs/mcp-apps.md, "Size").
  it.each(Object.keys(VIEW_ENTRIES) as ViewName[])('%s stays under 32 KiB', (name) => {
    expect(Buffer.byteLength(views[name])).toBeLessThan(32 * 1024);
  });

  it("carries schedule_consultation's rules for the request form, from its zod schema", () => {
    const rules = z.toJSONSchema(ScheduleConsultationRequestSchema, { io: 'input' }) as { required: string[] };
    expect(rules.required).toEqual(['client_name', 'client_email']);
    for (const name of Object.keys(VIEW_ENTRIES) as ViewName[]) expect(views[name]).toMatch(/"?maxLength"?:254/);
  });

  it("gives the request form each field's messages in schedule_consultation's own words", () => {
    const valid = { client_name: 'Ada Lovelace', client_email: 'ada@example.com' };
    const toolSays = (name: string, value: string) =>
      (ScheduleConsultationRequestSchema.safeParse({ ...valid, [name]: value }).error?.issues ?? [])
        .filter((issue) => issue.path[0] === name)
        .map((issue) => issue.message);
    const { properties } = requestRules();
    expect(Object.keys(properties).sort()).toEqual(Object.keys(ScheduleConsultationRequestSchema.shape).sort());
    for (const [name, { maxLength, messages }] of Object.entries(properties)) {
      expect(toolSays(name, ''), name).toContain(messages.empty);
      expect(toolSays(name, 'a'.repeat(maxLength + 1)), name).toContain(messages.tooLong);
      expect(toolSays(name, 'a\u0001'), name).toContain(messages.invalid);
    }
    expect(views.request).toContain('must not contain control characters other than line breaks and tabs');
  });

  it('reads the tokens from the :root rule and refuses a stylesheet without one', () => {
    expect(readSiteTokens(':root { --ink: #000; } body { color: red }')).toBe(':root{--ink: #000;}');
    expect(() => readSiteTokens('body { color: red }')).toThrow(/:root/);
  });
});
