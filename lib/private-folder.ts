import fs from 'node:fs';

/** Files the server keeps secrets in (mails with live sign-in links): readable and writable by its user alone. */
export const PRIVATE_FILE_MODE = 0o600;
/** Folders of the server's own (the desk store, the counts, the outbox): open to its user alone. */
export const PRIVATE_FOLDER_MODE = 0o700;

/**
 * Makes `dir` (and any parent missing) open to the server's user alone, and narrows it to that when it is there
 * already with wider modes, as a folder an older version made is. Throws when it cannot be made.
 */
export function privateFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  try {
    fs.chmodSync(dir, PRIVATE_FOLDER_MODE);
  } catch (error) {
    // A folder another user owns (a mounted share) keeps the modes its owner chose: this user cannot change them.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}
