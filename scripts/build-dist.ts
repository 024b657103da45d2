/**
 * Compiles what runs on plain Node after `npm run build` into dist/: server.ts, the project's server, into
 * dist/server.mjs, and the owner commands into dist/scripts/ (scripts/owner-command.mjs runs them where tsx,
 * a dev dependency, is not installed). Each is one file with this project's code, the packages left to
 * node_modules. Written to a temporary file and then renamed, so a process starting meanwhile never reads half a file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import OWNER_COMMANDS from './owner-commands.json';

const root = path.resolve(import.meta.dirname, '..');
const entries = [
  { source: 'server.ts', out: 'dist/server.mjs' },
  ...Object.values(OWNER_COMMANDS).map((source) => ({
    source,
    out: `dist/${source.replace(/\.ts$/, '.mjs')}`,
  })),
];

for (const { source, out } of entries) {
  const result = await build({
    entryPoints: [path.join(root, source)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    write: false,
    logLevel: 'warning',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild wrote nothing for ${source}`);
  const outfile = path.join(root, out);
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  fs.writeFileSync(`${outfile}.${process.pid}.tmp`, output.contents);
  fs.renameSync(`${outfile}.${process.pid}.tmp`, outfile);
}
console.log(`Compiled for Node: ${entries.map(({ out }) => out).join(', ')}`);
