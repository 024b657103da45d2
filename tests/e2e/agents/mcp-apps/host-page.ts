import path from 'node:path';
import { build } from 'esbuild';

/** The test host (host.ts) bundled into one HTML page, served by the test in place of a real chat client. */
export async function hostPage(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(import.meta.dirname, 'host.ts')],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  const script = result.outputFiles[0]?.text;
  if (!script) throw new Error('esbuild wrote nothing for the test host');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MCP Apps test host</title>' +
    '<style>body{margin:0;background:#ddd}#view{display:block;border:0;background:#fff}body.dark{background:#222}body.dark #view{background:#1a1a1a}</style>' +
    `</head><body><div id="views"></div><script>${script.replaceAll('</script', '<\\/script')}</script></body></html>`
  );
}
