import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './app';

/** The consultant's name in the edited copy of content/. */
export const EDITED_NAME = 'Wilhelmina Q. Renamed';
/** Where the run's second build goes, and the marks by which test files share it. */
const DIST = '.next-edited';
const LOCK = path.join(ROOT, `${DIST}.lock`);
const READY = path.join(ROOT, `${DIST}.ready`);
const BUILD_TIMEOUT_MS = 300_000;

/** The second build of the run: its dist dir and the content it was built from. */
export interface EditedBuild {
  dist: string;
  contentDir: string;
}

/** Next's `next build` of `contentDir` into DIST, without blocking the test file's event loop. */
function build(contentDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
      cwd: ROOT,
      // The code is the run's, which tsc has checked (next.config.ts): only the content differs.
      env: {
        ...process.env,
        CONTENT_DIR: contentDir,
        NEXT_DIST_DIR: DIST,
        NEXT_TELEMETRY_DISABLED: '1',
        TYPES_CHECKED_BY_TSC: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`the edited build failed (${code}):\n${output}`));
    });
  });
}

/**
 * A second build of the site after a content edit (the consultant renamed in a copy of content/), as a redeploy
 * makes one: built once per run by whichever test file asks first, and shared by every file that needs a build
 * other than the run's (the files run in separate processes, so they meet through a lock file). Removed by the
 * integration tests' global teardown.
 */
export async function editedBuild(): Promise<EditedBuild> {
  let owner = false;
  try {
    fs.mkdirSync(LOCK);
    owner = true;
  } catch {
    // Another file is building it, or has.
  }
  if (owner) {
    const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-edited-'));
    fs.cpSync(path.join(ROOT, 'content'), contentDir, { recursive: true });
    const bioFile = path.join(contentDir, 'bio.md');
    const bio = fs.readFileSync(bioFile, 'utf8');
    if (!/^name: .+$/m.test(bio)) throw new Error('content/bio.md has no `name:` line to edit');
    fs.writeFileSync(bioFile, bio.replace(/^name: .+$/m, `name: ${EDITED_NAME}`));
    const tsconfig = fs.readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8');
    try {
      await build(contentDir);
      fs.writeFileSync(READY, JSON.stringify({ dist: DIST, contentDir }));
    } catch (error) {
      // The files waiting for it fail with the same error rather than wait out the time-out.
      fs.writeFileSync(READY, JSON.stringify({ error: String(error), contentDir }));
    } finally {
      // Next adds another dist dir to tsconfig.json's include; the tree is left as it was.
      fs.writeFileSync(path.join(ROOT, 'tsconfig.json'), tsconfig);
    }
  }
  for (const until = Date.now() + BUILD_TIMEOUT_MS; !fs.existsSync(READY);) {
    if (Date.now() > until) throw new Error(`the edited build was not ready within ${BUILD_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const ready = JSON.parse(fs.readFileSync(READY, 'utf8')) as EditedBuild & { error?: string };
  if (ready.error) throw new Error(ready.error);
  return { dist: ready.dist, contentDir: ready.contentDir };
}

/** Removes the edited build, its content copy and its marks (at the start and the end of a run). */
export function removeEditedBuild(): void {
  if (fs.existsSync(READY)) {
    const { contentDir } = JSON.parse(fs.readFileSync(READY, 'utf8')) as EditedBuild;
    fs.rmSync(contentDir, { recursive: true, force: true });
  }
  for (const leftover of [path.join(ROOT, DIST), LOCK, READY]) fs.rmSync(leftover, { recursive: true, force: true });
}
