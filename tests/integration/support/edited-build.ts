import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { placePortrait } from '../../../lib/content/portrait-build';
import { readBuildId } from '../../../lib/next/build-output';
import { ROOT, distDir } from './app';

/** The consultant's name in the edited copy of content/. */
export const EDITED_NAME = 'Wilhelmina Q. Renamed';
/** What the photo the edited copy names shows. */
export const EDITED_PORTRAIT_DESCRIPTION = 'Wilhelmina, head and shoulders, against a terracotta wall';
/** Where the run's second build goes, and the marks by which test files share it. */
const DIST = '.next-edited';
const LOCK = path.join(ROOT, `${DIST}.lock`);
const READY = path.join(ROOT, `${DIST}.ready`);
const BUILD_TIMEOUT_MS = 300_000;
/** Next's build cache, kept in the build folder (`.next/cache` in Next's docs on build caching in CI). */
const BUILD_CACHE = 'cache';

/** The second build of the run: its dist dir and the content it was built from. */
export interface EditedBuild {
  dist: string;
  contentDir: string;
}

/** What READY holds: the build, or the error that stopped it, and the run's own build it was made beside. */
interface ReadyMark extends Partial<EditedBuild> {
  contentDir: string;
  error?: string;
  /** BUILD_ID of the run's build when this one was made beside it (prepareEditedBuild). */
  besideBuildId?: string;
}

const readReady = (): ReadyMark | undefined =>
  fs.existsSync(READY) ? (JSON.parse(fs.readFileSync(READY, 'utf8')) as ReadyMark) : undefined;

/** A copy of content/ in which the consultant is renamed and names a photo, as edits of bio.md make one. */
async function editedContentCopy(): Promise<string> {
  const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-edited-'));
  fs.cpSync(path.join(ROOT, 'content'), contentDir, { recursive: true });
  const bioFile = path.join(contentDir, 'bio.md');
  const bio = fs.readFileSync(bioFile, 'utf8');
  if (!/^name: .+$/m.test(bio)) throw new Error('content/bio.md has no `name:` line to edit');
  if (!/^updated: /m.test(bio)) throw new Error('content/bio.md has no `updated:` line to put the portrait before');
  await sharp({ create: { width: 480, height: 600, channels: 3, background: '#b5654a' } })
    .jpeg()
    .toFile(path.join(contentDir, 'portrait.jpg'));
  const portrait = `portrait:\n  file: portrait.jpg\n  description: ${EDITED_PORTRAIT_DESCRIPTION}\n`;
  fs.writeFileSync(
    bioFile,
    bio.replace(/^name: .+$/m, `name: ${EDITED_NAME}`).replace(/^updated: /m, `${portrait}updated: `),
  );
  return contentDir;
}

/**
 * Next's `next build` of `contentDir` into `dist`, with the photo the bio names copied in as `npm run build` copies
 * it, without blocking the caller's event loop.
 */
function nextBuild(contentDir: string, dist: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
      cwd: ROOT,
      // The code is the run's, which tsc has checked (next.config.ts): only the content differs.
      env: {
        ...process.env,
        CONTENT_DIR: contentDir,
        NEXT_DIST_DIR: dist,
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
      if (code === 0) {
        placePortrait(contentDir, path.resolve(ROOT, dist));
        resolve();
      } else reject(new Error(`the edited build failed (${code}):\n${output}`));
    });
  });
}

/**
 * Builds and writes READY, with the error in place of the build when it fails (and returns that error); tsconfig.json
 * is left as it was.
 */
async function buildAndMark(
  contentDir: string,
  build: () => Promise<void>,
  mark: Partial<ReadyMark>,
): Promise<string | undefined> {
  // Next adds another dist dir to tsconfig.json's include; the tree is left as it was.
  const tsconfig = fs.readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8');
  try {
    await build();
    fs.writeFileSync(READY, JSON.stringify({ dist: DIST, contentDir, ...mark }));
    return undefined;
  } catch (error) {
    // The files waiting for it fail with the same error rather than wait out the time-out.
    fs.writeFileSync(READY, JSON.stringify({ error: String(error), contentDir }));
    return String(error);
  } finally {
    fs.writeFileSync(path.join(ROOT, 'tsconfig.json'), tsconfig);
  }
}

/**
 * Makes the second build before the tests, as the consultant's own second build is made: in the same folder as the
 * first, from Next's build cache, so only what the content changes is built again. The run's build is set aside
 * meanwhile (its cache lent to the new one and given back), and the new build is then moved to DIST, which the
 * files that need it serve it from. `npm test` runs this after its build (prepare-edited-build.ts). Returns the
 * build's error, if it failed: the files that need the build then fail with it.
 */
export async function prepareEditedBuild(): Promise<string | undefined> {
  const main = path.join(ROOT, distDir());
  const setAside = `${main}-set-aside`;
  if (fs.existsSync(setAside))
    throw new Error(
      `${setAside} is left from an interrupted preparation: it holds the run's build, put it back first.`,
    );
  const besideBuildId = readBuildId(main);
  if (!besideBuildId) throw new Error(`No production build in ${distDir()}/: run \`npm run build\` first.`);
  removeEditedBuild();
  const contentDir = await editedContentCopy();
  const moveCache = (from: string, to: string) => {
    if (fs.existsSync(path.join(from, BUILD_CACHE)))
      fs.renameSync(path.join(from, BUILD_CACHE), path.join(to, BUILD_CACHE));
  };
  fs.renameSync(main, setAside);
  try {
    fs.mkdirSync(main);
    moveCache(setAside, main);
    return await buildAndMark(
      contentDir,
      async () => {
        await nextBuild(contentDir, distDir());
        moveCache(main, setAside);
        fs.renameSync(main, path.join(ROOT, DIST));
      },
      { besideBuildId },
    );
  } finally {
    if (fs.existsSync(main)) {
      moveCache(main, setAside);
      fs.rmSync(main, { recursive: true, force: true });
    }
    fs.renameSync(setAside, main);
  }
}

/**
 * A second build of the site after a content edit (the consultant renamed in a copy of content/), as a redeploy
 * makes one: the one prepareEditedBuild made beside the run's build, or else built once per run by whichever test
 * file asks first, and shared by every file that needs a build other than the run's (the files run in separate
 * processes, so they meet through a lock file). Removed by the integration tests' global teardown.
 */
export async function editedBuild(): Promise<EditedBuild> {
  let owner = false;
  try {
    fs.mkdirSync(LOCK);
    owner = true;
  } catch {
    // Another file is building it, or has.
  }
  if (owner && !readReady()) {
    const contentDir = await editedContentCopy();
    await buildAndMark(contentDir, () => nextBuild(contentDir, DIST), {});
  }
  for (const until = Date.now() + BUILD_TIMEOUT_MS; !fs.existsSync(READY);) {
    if (Date.now() > until) throw new Error(`the edited build was not ready within ${BUILD_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const ready = readReady();
  if (!ready || ready.error || !ready.dist) throw new Error(ready?.error ?? 'the edited build left no mark');
  return { dist: ready.dist, contentDir: ready.contentDir };
}

/** True when an edited build was prepared beside the run's current build (not a leftover of another build). */
export const editedBuildIsCurrent = (): boolean => {
  const ready = readReady();
  return Boolean(ready?.dist && !ready.error && ready.besideBuildId === readBuildId(path.join(ROOT, distDir())));
};

/** Removes the edited build, its content copy and its marks (at the start and the end of a run). */
export function removeEditedBuild(): void {
  const ready = readReady();
  if (ready) fs.rmSync(ready.contentDir, { recursive: true, force: true });
  for (const leftover of [path.join(ROOT, DIST), LOCK, READY]) fs.rmSync(leftover, { recursive: true, force: true });
}
