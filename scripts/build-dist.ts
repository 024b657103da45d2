/**
 * Compiles what runs on plain Node after `npm run build` into dist/: server.ts, the project's server, into
 * dist/server.mjs, and the owner commands into dist/scripts/ (scripts/owner-command.mjs runs them where tsx,
 * a dev dependency, is not installed). This project's code only, the packages left to node_modules; what the code
 * imports only when used (the Redis stores without REDIS_URL, for one) goes to dist/chunks/ and stays unloaded
 * until then. Each file is written to a temporary one and renamed, the chunks before the files that import them, so
 * a process starting meanwhile never reads half a file; chunks no file imports any longer are then removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import OWNER_COMMANDS from './owner-commands.json';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const CHUNKS = 'chunks';
const entries = [
  { source: 'server.ts', out: 'server' },
  ...Object.values(OWNER_COMMANDS).map((source) => ({ source, out: source.replace(/\.ts$/, '') })),
];

const result = await build({
  entryPoints: entries.map(({ source, out }) => ({ in: path.join(root, source), out })),
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  chunkNames: `${CHUNKS}/[name]-[hash]`,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: path.join(root, 'tsconfig.json'),
  write: false,
  logLevel: 'warning',
});

const chunksDir = path.join(dist, CHUNKS);
const isChunk = (file: string) => path.dirname(file) === chunksDir;
const outputs = [...result.outputFiles].sort((a, b) => Number(isChunk(b.path)) - Number(isChunk(a.path)));
for (const { path: outfile, contents } of outputs) {
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  fs.writeFileSync(`${outfile}.${process.pid}.tmp`, contents);
  fs.renameSync(`${outfile}.${process.pid}.tmp`, outfile);
}
const written = new Set(outputs.map(({ path: outfile }) => outfile));
for (const name of fs.existsSync(chunksDir) ? fs.readdirSync(chunksDir) : []) {
  if (!written.has(path.join(chunksDir, name))) fs.rmSync(path.join(chunksDir, name), { force: true });
}
console.log(
  `Compiled for Node: ${entries.map(({ out }) => `dist/${out}.mjs`).join(', ')} (shared code in dist/${CHUNKS}/)`,
);
