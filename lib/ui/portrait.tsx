import fs from 'node:fs';
import Image from 'next/image';
import type { Bio } from '@/lib/content';

/** The portrait's side in CSS pixels at its largest (app/globals.css, `.portrait`); the optimiser serves 1x and 2x. */
const SIDE = 96;

/** Her initials, from the first letter of each name. */
const initialsOf = (bio: Pick<Bio, 'givenName' | 'familyName'>): string =>
  [bio.givenName, bio.familyName]
    .map((name) => Array.from(name.trim())[0] ?? '')
    .join('')
    .toUpperCase();

/**
 * The consultant's photo when content/bio.md names one, through Next's image optimiser; otherwise her initials in
 * the display face, in the same round frame. The initials are decorative: her name is always beside them.
 */
export function Portrait({ bio, eager = false }: { bio: Bio; eager?: boolean }) {
  const { portrait } = bio;
  if (!portrait) {
    return (
      <span className="portrait portrait--monogram" aria-hidden="true">
        {initialsOf(bio)}
      </span>
    );
  }
  // `next dev` has no build folder to serve it from (lib/content/portrait-build.ts): the page carries the file.
  const inDevelopment = process.env.NODE_ENV === 'development';
  const src = inDevelopment ? `data:${portrait.type};base64,${fs.readFileSync(portrait.file, 'base64')}` : portrait.src;
  return (
    <Image
      className="portrait"
      src={src}
      unoptimized={inDevelopment}
      alt={portrait.description}
      width={SIDE}
      height={SIDE}
      loading={eager ? 'eager' : 'lazy'}
    />
  );
}
