import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { formatProblem, loadContent } from '@/lib/content';
import { readImageHeader } from '@/lib/content/image-header';
import { placePortrait } from '@/lib/content/portrait-build';
import { copyContent, edit, problemsOf, replaceOnce } from './fixtures';

/**
 * The photo content/bio.md may name: checked by `npm run check` (lib/content/portrait-file.ts), one line per mistake,
 * on copies of the real content with photos made here.
 */
const DESCRIPTION = 'Tamsin Kerr, smiling, in front of a bookcase';

/** A plain photo of `width` × `height` pixels in `format`, as a camera or an editor would save one. */
const photo = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg', options = {}) =>
  sharp({ create: { width, height, channels: 3, background: '#8a5a44' } })
    .toFormat(format, options)
    .toBuffer();

/** A content copy whose bio.md names `file` and `description` (null: none), with `bytes` saved under that name. */
function withPortrait(file: string, bytes?: Buffer, description: string | null = DESCRIPTION): string {
  const dir = copyContent();
  if (bytes) fs.writeFileSync(path.join(dir, file), bytes);
  const lines = `portrait:\n  file: ${file}\n${description === null ? '' : `  description: ${description}\n`}`;
  edit(dir, 'bio.md', replaceOnce(/^updated: /m, `${lines}updated: `));
  return dir;
}

/** The one line `npm run check` prints for the folder, with the folder written as `$`. */
function onlyLine(dir: string): string {
  const problems = problemsOf(dir);
  expect(problems).toHaveLength(1);
  const [problem] = problems;
  return problem ? formatProblem(problem).replace(dir, '$') : '';
}

/** The line of bio.md the portrait's `file:` is on in withPortrait's copies. */
const FILE_LINE = 25;

describe('a portrait named in bio.md', () => {
  it.each([
    ['a JPEG', 'portrait.jpg', () => photo(600, 800), 'image/jpeg'],
    ['a progressive JPEG', 'portrait.jpg', () => photo(800, 600, 'jpeg', { progressive: true }), 'image/jpeg'],
    ['a PNG', 'portrait.png', () => photo(500, 450, 'png'), 'image/png'],
    ['a WebP', 'portrait.webp', () => photo(400, 400, 'webp'), 'image/webp'],
    ['a lossless WebP', 'portrait.webp', () => photo(640, 480, 'webp', { lossless: true }), 'image/webp'],
    ['a JPEG saved under .png', 'portrait.png', () => photo(600, 800), 'image/jpeg'],
  ])('loads %s with its size, type and description', async (_label, file, make, type) => {
    const bytes = await make();
    const dir = withPortrait(file, bytes);
    const { portrait } = loadContent(dir).bio;
    const { width, height } = await sharp(bytes).metadata();
    expect(portrait).toMatchObject({ file: path.join(dir, file), description: DESCRIPTION, type, width, height });
    expect(portrait?.src).toMatch(/^\/_next\/static\/media\/portrait\.[0-9a-f]{12}\.(jpg|png|webp)$/);
  });

  it('is addressed by its bytes, so a new photo under the same name has a new address', async () => {
    const before = loadContent(withPortrait('portrait.jpg', await photo(600, 800))).bio.portrait?.src;
    const after = loadContent(withPortrait('portrait.jpg', await photo(601, 800))).bio.portrait?.src;
    expect(before).toBeDefined();
    expect(after).not.toBe(before);
  });

  it('is copied into the build folder under its address, byte for byte', async () => {
    const bytes = await photo(600, 800);
    const dir = withPortrait('portrait.jpg', bytes);
    const dist = path.join(dir, 'dist-under-test');
    const copy = placePortrait(dir, dist);
    expect(copy).toBe(
      path.join(dist, 'static', loadContent(dir).bio.portrait?.src.replace('/_next/static/', '') ?? ''),
    );
    expect(fs.readFileSync(copy ?? '')).toEqual(bytes);
  });

  it('may be left out: the shipped bio names none, and nothing is copied', () => {
    const dir = copyContent();
    expect(loadContent(dir).bio.portrait).toBeUndefined();
    expect(placePortrait(dir, path.join(dir, 'dist-under-test'))).toBeUndefined();
    expect(fs.existsSync(path.join(dir, 'dist-under-test'))).toBe(false);
  });
});

describe('a portrait’s mistakes, one line each', () => {
  const at = `$/bio.md, line ${FILE_LINE}: portrait.file:`;
  const smaller = 'save a smaller copy (2000 pixels on the long side is plenty)';
  const descriptionAt = (line: number) => `$/bio.md, line ${line}: portrait.description:`;

  it('a file that is not there', () => {
    expect(onlyLine(withPortrait('portrait.jpg'))).toBe(
      `${at} "portrait.jpg" is not in the content folder; copy the photo there, or correct the name`,
    );
  });

  it('a name whose capitals differ from the file’s', async () => {
    const dir = withPortrait('Portrait.JPG');
    fs.writeFileSync(path.join(dir, 'portrait.jpg'), await photo(600, 800));
    expect(onlyLine(dir)).toBe(
      `${at} "Portrait.JPG" is not in the content folder; did you mean "portrait.jpg"? Capitals count in file names`,
    );
  });

  it('a file that is too large', () => {
    const dir = withPortrait('portrait.jpg', Buffer.alloc(6 * 1024 * 1024));
    expect(onlyLine(dir)).toBe(`${at} "portrait.jpg" is 6.0 MB; expected at most 5.0 MB: ${smaller}`);
  });

  it.each([
    ['text saved as .jpg', Buffer.from('This is my photo, I promise.\n'), 'it holds text'],
    ['an empty file', Buffer.alloc(0), 'the file is empty'],
    [
      'a HEIC photo',
      Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64, 1)]),
      'it is a HEIC photo, as iPhones save them',
    ],
    ['an SVG drawing', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'it is an SVG drawing'],
    [
      'a JPEG cut off before its size',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      'its contents are not an image in one of these formats',
    ],
  ])('a file that is not an image: %s', (_label, bytes, what) => {
    expect(onlyLine(withPortrait('portrait.jpg', bytes))).toBe(
      `${at} expected a JPEG, PNG or WebP photo, but "portrait.jpg" is not one (${what}); save or export it as JPEG`,
    );
  });

  it('a photo too small to stay sharp', async () => {
    expect(onlyLine(withPortrait('portrait.webp', await photo(300, 450, 'webp')))).toBe(
      `${at} "portrait.webp" is 300 × 450 pixels; expected at least 400 pixels on its short side, ` +
        'so that it stays sharp on every screen',
    );
  });

  it('a photo with more pixels than a page can use', async () => {
    expect(onlyLine(withPortrait('portrait.png', await photo(8001, 400, 'png')))).toBe(
      `${at} "portrait.png" is 8001 × 400 pixels; expected at most 8000 pixels on its long side: ${smaller}`,
    );
  });

  it.each([
    ['../portrait.jpg', 'expected a file inside the content folder, but "../portrait.jpg" leads out of it'],
    [
      'photos/../../portrait.jpg',
      'expected a file inside the content folder, but "photos/../../portrait.jpg" leads out of it',
    ],
    ['/etc/hostname', 'expected the name of a file in the content folder, found the full path "/etc/hostname"'],
    [
      'C:\\Users\\tamsin\\portrait.jpg',
      'expected the name of a file in the content folder, found the full path "C:\\Users\\tamsin\\portrait.jpg"',
    ],
  ])('a path leaving the content folder: %s', (file, expected) => {
    expect(onlyLine(withPortrait(file.includes('\\') ? `"${file.replace(/\\/g, '\\\\')}"` : file))).toBe(
      `${at} ${expected}; copy the photo into the content folder and write its name alone, such as portrait.jpg`,
    );
  });

  it('a shortcut in the content folder to a photo elsewhere', async () => {
    const dir = withPortrait('portrait.jpg');
    const elsewhere = path.join(path.dirname(dir), `${path.basename(dir)}-elsewhere.jpg`);
    fs.writeFileSync(elsewhere, await photo(600, 800));
    fs.symlinkSync(elsewhere, path.join(dir, 'portrait.jpg'));
    try {
      expect(onlyLine(dir)).toBe(
        `${at} "portrait.jpg" is a shortcut to a file outside the content folder; copy the photo itself there`,
      );
    } finally {
      fs.rmSync(elsewhere);
    }
  });

  it('no description', async () => {
    const dir = withPortrait('portrait.jpg', await photo(600, 800), null);
    expect(onlyLine(dir)).toBe(
      `${descriptionAt(FILE_LINE - 1)} missing; add "description:" inside "portrait" followed by text`,
    );
  });

  it.each([
    ['<b>Tamsin Kerr</b> at her desk', '<b>'],
    ['Tamsin Kerr &amp; her dog', '&amp;'],
    ['"**Tamsin Kerr** at her desk"', '**Tamsin Kerr**'],
    ['"Tamsin Kerr, [photo](https://example.com/me)"', '[photo](https://example.com/me)'],
    ['"`Tamsin Kerr` at her desk"', '`Tamsin Kerr`'],
  ])('a description with markup: %s', async (description, markup) => {
    const dir = withPortrait('portrait.jpg', await photo(600, 800), description);
    expect(onlyLine(dir)).toBe(
      `${descriptionAt(FILE_LINE + 1)} expected plain words, found markup ("${markup}"); ` +
        'write it without tags or markdown, as it is read out as written',
    );
  });

  it.each(['Tamsin Kerr, 5*3 metres of bookcase behind her', 'Tamsin Kerr at the Q&A, smiling', 'Tamsin <3 books'])(
    'takes plain words with symbols in them: %s',
    async (description) => {
      const dir = withPortrait('portrait.jpg', await photo(600, 800), `"${description}"`);
      expect(loadContent(dir).bio.portrait?.description).toBe(description);
    },
  );
});

describe('readImageHeader', () => {
  it.each([
    [1, 1],
    [401, 1234],
    [1800, 1201],
  ])('reads %i × %i from JPEG, PNG and WebP bytes as sharp does', async (width, height) => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      for (const options of [{}, format === 'webp' ? { lossless: true } : { progressive: true }]) {
        const bytes = await photo(width, height, format, options);
        expect(readImageHeader(bytes), `${format} ${JSON.stringify(options)}`).toMatchObject({ width, height });
      }
    }
  });
});
