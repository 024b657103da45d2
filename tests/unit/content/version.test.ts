import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentVersion } from '@/lib/content/version';
import { REAL_CONTENT, copyContent, edit, replaceOnce } from './fixtures';

/** The content version names the content a build was made from: any edit to any file is a new version. */
describe('contentVersion', () => {
  it('is the newest updated date and a hash, the same for the same files', () => {
    expect(contentVersion(REAL_CONTENT)).toMatch(/^\d{4}-\d{2}-\d{2}\.[0-9a-f]{8}$/);
    expect(contentVersion(copyContent())).toBe(contentVersion(REAL_CONTENT));
  });

  it('changes with an edit that leaves every date alone, and takes a newer updated date', () => {
    const dir = copyContent();
    const before = contentVersion(dir);
    edit(dir, 'engagements/positioning-sprint.md', replaceOnce('title: Positioning Sprint', 'title: Position Week'));
    const after = contentVersion(dir);
    expect(after).not.toBe(before);
    expect(after.split('.')[0]).toBe(before.split('.')[0]);
    edit(dir, 'bio.md', replaceOnce(/updated: \S+/, 'updated: 2099-01-02'));
    expect(contentVersion(dir).startsWith('2099-01-02.')).toBe(true);
  });

  it('changes when a file the text names, such as her photo, gets new bytes under the same name', () => {
    const dir = copyContent();
    fs.writeFileSync(path.join(dir, 'portrait.jpg'), 'first photo');
    const before = contentVersion(dir);
    fs.writeFileSync(path.join(dir, 'portrait.jpg'), 'second photo');
    expect(contentVersion(dir)).not.toBe(before);
  });

  it('ignores the README, which is a guide and not content', () => {
    const dir = copyContent();
    const before = contentVersion(dir);
    edit(dir, 'README.md', (text) => `${text}\nA note.\n`);
    expect(contentVersion(dir)).toBe(before);
  });
});
