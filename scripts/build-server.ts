/**
 * Compiles server.ts, the project's server, into dist/server.mjs (npm run build): one file with this project's
 * code, the packages left to node_modules, so `npm start` runs plain Node. Written to a temporary file and then
 * renamed, so a server starting meanwhile never reads half a file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, 'dist', 'server.mjs');
const result = await build({
  entryPoints: [path.join(root, 'server.ts')],
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
if (!output) throw new Error('esbuild wrote nothing for server.ts');
fs.mkdirSync(path.dirname(outfile), { recursive: true });
fs.writeFileSync(`${outfile}.${process.pid}.tmp`, output.contents);
fs.renameSync(`${outfile}.${process.pid}.tmp`, outfile);
console.log(`Server: ${path.relative(process.cwd(), outfile)}`);
