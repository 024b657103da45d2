import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A platform without a writable disk: DATA_DIR on a read-only file system. Root ignores file modes, so the
 * folder is a tmpfs mounted read-only (EROFS even for root); where mounting is not allowed, a file stands where
 * the folder should be (ENOTDIR), which no user can write into either.
 */
export function readOnlyFolder(): { dir: string; release: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-only-data-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', dir], { stdio: 'ignore' });
    return { dir, release: () => execFileSync('umount', [dir]) };
  } catch {
    const file = path.join(dir, 'data');
    fs.writeFileSync(file, '');
    return { dir: file, release: () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
}
