/**
 * `npm run check`, `insights`, `digest` and `desk-link`: runs the owner command named first, with the arguments
 * after it. Where tsx is installed (a checkout with its dev dependencies) the TypeScript source runs, so the
 * command is never older than the code and works before any build; where it is not (a production-only install, a
 * container image) the copy `npm run build` compiled into dist/ runs (scripts/build-dist.ts). docs/deployment.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = new URL('../', import.meta.url);
/** Each owner command's name and its source; the build compiles each to dist/<source>.mjs. */
const OWNER_COMMANDS = JSON.parse(readFileSync(new URL('scripts/owner-commands.json', root), 'utf8'));

async function tsxIfInstalled() {
  try {
    return await import('tsx/esm/api');
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

async function run(name) {
  const source = Object.hasOwn(OWNER_COMMANDS, name) ? OWNER_COMMANDS[name] : undefined;
  if (!source) {
    console.error(`unknown command "${name}": one of ${Object.keys(OWNER_COMMANDS).join(', ')}`);
    process.exit(2);
  }
  // The command reads its own arguments from process.argv, as it would if run directly.
  process.argv.splice(2, 1);
  const tsx = await tsxIfInstalled();
  if (tsx) return void (await tsx.tsImport(pathToFileURL(fileURLToPath(new URL(source, root))).href, import.meta.url));
  const compiled = new URL(`dist/${source.replace(/\.ts$/, '.mjs')}`, root);
  if (!existsSync(compiled)) {
    console.error(`${fileURLToPath(compiled)} is missing: run \`npm run build\` first (tsx is not installed here).`);
    process.exit(1);
  }
  await import(compiled.href);
}

await run(process.argv[2]);
