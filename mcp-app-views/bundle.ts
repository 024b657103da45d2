import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { z } from 'zod';
import { ScheduleConsultationRequestSchema } from '../lib/agent/agent-schemas';

/**
 * Builds each view into one self-contained HTML document (npm run build): its TypeScript bundled by esbuild, the
 * site's tokens (the `:root` rule of app/globals.css, read, not copied) and the views' stylesheet inlined. Nothing
 * is loaded from elsewhere, because hosts such as Claude ignore the domains a view declares (docs/mcp-apps.md).
 */

/** The views, by the name the server serves them under, with their entry point and title. */
export const VIEW_ENTRIES = {
  'fit-card': { entry: 'fit-card/main.ts', title: 'Fit card' },
  request: { entry: 'request/main.ts', title: 'Consultation request' },
} as const;

export type ViewName = keyof typeof VIEW_ENTRIES;

const VIEWS_DIR = import.meta.dirname;
const ROOT = path.resolve(VIEWS_DIR, '..');

/** The custom properties of the site's stylesheet, as one `:root` rule. */
export function readSiteTokens(globalsCss: string): string {
  const rule = /:root\s*\{([^}]*)\}/.exec(globalsCss);
  if (!rule?.[1]?.includes('--')) throw new Error('app/globals.css has no :root rule with the site tokens');
  return `:root{${rule[1].trim()}}`;
}

/** A field's messages as the tool words them, found by parsing a value that fails each way (zod runs here). */
function fieldMessages(field: z.ZodType, maxLength: number): { empty: string; tooLong: string; invalid: string } {
  const messageFor = (value: string, code?: string) => {
    const issues = field.safeParse(value).error?.issues ?? [];
    const message = issues.find((issue) => code === undefined || issue.code === code)?.message;
    if (message === undefined) throw new Error(`schedule_consultation: no ${code ?? 'empty'} message for a field`);
    return message;
  };
  return {
    empty: messageFor(''),
    tooLong: messageFor('a'.repeat(maxLength + 1), 'too_big'),
    invalid: messageFor('\u0001', 'invalid_format'),
  };
}

/** schedule_consultation's input as JSON Schema, each field with the tool's own messages (shared/request-rules.ts). */
export function requestRules() {
  const schema = z.toJSONSchema(ScheduleConsultationRequestSchema, { io: 'input' });
  const properties = z.record(z.string(), z.object({ maxLength: z.number() }).loose()).parse(schema.properties);
  const { shape } = ScheduleConsultationRequestSchema;
  return {
    required: schema.required ?? [],
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, rule]) => {
        const field = shape[name as keyof typeof shape];
        return [name, { ...rule, messages: fieldMessages(field, rule.maxLength) }];
      }),
    ),
  };
}

async function bundleScript(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(VIEWS_DIR, entry)],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    // The tool's rules and messages for the request form, derived here where zod runs.
    define: { SCHEDULE_CONSULTATION_REQUEST_RULES: JSON.stringify(requestRules()) },
    write: false,
    logLevel: 'warning',
  });
  const script = result.outputFiles[0]?.text;
  if (!script) throw new Error(`esbuild wrote nothing for ${entry}`);
  // esbuild escapes "</script" in strings; a bundle that still held one would end the inline script early.
  if (/<\/script/i.test(script)) throw new Error(`${entry}: the bundle contains "</script"`);
  return script;
}

async function minifyCss(css: string): Promise<string> {
  const result = await build({
    stdin: { contents: css, loader: 'css' },
    minify: true,
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0]?.text.trim() ?? css;
}

/** Every view as its HTML document, keyed by name. */
export async function buildViews(): Promise<Record<ViewName, string>> {
  const tokens = readSiteTokens(fs.readFileSync(path.join(ROOT, 'app', 'globals.css'), 'utf8'));
  const css = await minifyCss(`${tokens}\n${fs.readFileSync(path.join(VIEWS_DIR, 'shared', 'view.css'), 'utf8')}`);
  const entries = await Promise.all(
    Object.entries(VIEW_ENTRIES).map(async ([name, { entry, title }]) => {
      const script = await bundleScript(entry);
      const html =
        `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark">` +
        `<title>${title}</title>` +
        `<style>${css}</style></head><body><main id="view"></main><script>${script}</script></body></html>`;
      return [name, html] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<ViewName, string>;
}
