import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type ImageHeader, describeOtherBytes, readImageHeader } from './image-header';

/** Bounds of the portrait file (content/README.md, "content/bio.md"). */
const PORTRAIT_LIMITS = {
  /** A phone's photo saved at full quality fits; the site shows it at most a few hundred pixels wide. */
  maxBytes: 5 * 1024 * 1024,
  /** Sharp at twice its shown size on high-resolution screens, with room to crop. */
  minShortSide: 400,
  /** Larger is no sharper on the page, and costs the image optimiser memory on every first request. */
  maxLongSide: 8000,
} as const;

/**
 * Where the build keeps the portrait, under its own folder, and the address Next serves that folder at: the build
 * copies the photo there (lib/content/portrait-build.ts), beside the files of its own that Next serves from it.
 */
export const PORTRAIT_FOLDER = 'static/media';
const PORTRAIT_PATH = `/_next/${PORTRAIT_FOLDER}`;

/** The portrait the bio names, checked: the file to serve and what it shows. */
export interface Portrait {
  /** The file under the content folder. */
  file: string;
  /** Its address on the site: named after its bytes, so a new photo is a new address for every cache. */
  src: string;
  /** What the photo shows, for people who cannot see it (the image's alt text). */
  description: string;
  type: ImageHeader['type'];
  width: number;
  height: number;
}

/** The outcome of the check: the portrait, or the one thing wrong with its file in the consultant's words. */
type PortraitCheck = { ok: true; portrait: Portrait } | { ok: false; expected: string };

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The name of a file in `dir` that differs from `name` only in upper and lower case, if there is one. */
function otherCase(dir: string, name: string): string | undefined {
  try {
    return fs.readdirSync(dir).find((entry) => entry !== name && entry.toLowerCase() === name.toLowerCase());
  } catch {
    return undefined;
  }
}

/** Where the written name leads, when it stays inside the content folder. */
function insideContent(contentDir: string, written: string): { full: string } | { expected: string } {
  const copy = 'copy the photo into the content folder and write its name alone, such as portrait.jpg';
  if (path.isAbsolute(written) || /^[A-Za-z]:[\\/]/.test(written) || written.startsWith('~')) {
    return { expected: `expected the name of a file in the content folder, found the full path "${written}"; ${copy}` };
  }
  const full = path.resolve(contentDir, written);
  const relative = path.relative(contentDir, full);
  if (written.split(/[\\/]/).includes('..') || relative.startsWith('..') || path.isAbsolute(relative)) {
    return { expected: `expected a file inside the content folder, but "${written}" leads out of it; ${copy}` };
  }
  return { full };
}

const SMALLER = 'save a smaller copy (2000 pixels on the long side is plenty)';
const SHARP = 'so that it stays sharp on every screen';

/** What is wrong with the pixel size of the photo `written`, or undefined when it is within the bounds. */
function problemWithSize(written: string, { width, height }: ImageHeader): string | undefined {
  const { minShortSide, maxLongSide } = PORTRAIT_LIMITS;
  const size = `"${written}" is ${width} × ${height} pixels`;
  if (Math.min(width, height) < minShortSide) {
    return `${size}; expected at least ${minShortSide} pixels on its short side, ${SHARP}`;
  }
  if (Math.max(width, height) > maxLongSide)
    return `${size}; expected at most ${maxLongSide} pixels on its long side: ${SMALLER}`;
  return undefined;
}

/** What is wrong with the file at `full`, which the bio names as `written`, before its bytes are read. */
function problemWithFile(contentDir: string, full: string, written: string): string | undefined {
  if (!fs.existsSync(full)) {
    const other = otherCase(path.dirname(full), path.basename(full));
    const hint = other
      ? `did you mean "${other}"? Capitals count in file names`
      : 'copy the photo there, or correct the name';
    return `"${written}" is not in the content folder; ${hint}`;
  }
  // A link in the folder to a photo elsewhere would not travel with the content.
  const real = path.relative(fs.realpathSync(contentDir), fs.realpathSync(full));
  if (real.startsWith('..') || path.isAbsolute(real)) {
    return `"${written}" is a shortcut to a file outside the content folder; copy the photo itself there`;
  }
  const stat = fs.statSync(full);
  if (!stat.isFile()) return `"${written}" is a folder; write the name of the photo inside it`;
  if (stat.size > PORTRAIT_LIMITS.maxBytes) {
    const most = megabytes(PORTRAIT_LIMITS.maxBytes);
    return `"${written}" is ${megabytes(stat.size)}; expected at most ${most}: ${SMALLER}`;
  }
  return undefined;
}

/** Checks the photo `written` names in the content folder `contentDir`, and what it holds. */
export function checkPortraitFile(contentDir: string, written: string, description: string): PortraitCheck {
  const inside = insideContent(contentDir, written);
  if ('expected' in inside) return { ok: false, expected: inside.expected };
  const { full } = inside;
  const fileProblem = problemWithFile(contentDir, full, written);
  if (fileProblem) return { ok: false, expected: fileProblem };
  const bytes = fs.readFileSync(full);
  const header = readImageHeader(bytes);
  if (!header) {
    const what = describeOtherBytes(bytes);
    return {
      ok: false,
      expected: `expected a JPEG, PNG or WebP photo, but "${written}" is not one (${what}); save or export it as JPEG`,
    };
  }
  const sizeProblem = problemWithSize(written, header);
  if (sizeProblem) return { ok: false, expected: sizeProblem };
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  const src = `${PORTRAIT_PATH}/portrait.${hash}.${header.extension}`;
  return {
    ok: true,
    portrait: { file: full, src, description, type: header.type, width: header.width, height: header.height },
  };
}
