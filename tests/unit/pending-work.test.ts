import { describe, expect, it } from 'vitest';
import { pendingWorkCount, settlePendingWork, trackPendingWork } from '@/lib/pending-work';

const after = (ms: number, then: () => void = () => {}) =>
  new Promise<void>((resolve) =>
    setTimeout(() => {
      then();
      resolve();
    }, ms),
  );

describe('pending work', () => {
  it('is waited for, work it starts meanwhile included, and forgotten once done', async () => {
    const done: string[] = [];
    trackPendingWork(after(50, () => void trackPendingWork(after(50, () => void done.push('second')))));
    trackPendingWork(Promise.reject(new Error('a failure ends the wait as well')));
    expect(pendingWorkCount()).toBe(2);
    expect(await settlePendingWork(Date.now() + 5_000)).toBe(true);
    expect(done).toEqual(['second']);
    expect(pendingWorkCount()).toBe(0);
  });

  it('is given up on at the deadline', async () => {
    trackPendingWork(after(1_000));
    const started = Date.now();
    expect(await settlePendingWork(started + 100)).toBe(false);
    expect(Date.now() - started).toBeLessThan(500);
    expect(pendingWorkCount()).toBe(1);
    expect(await settlePendingWork(Date.now() + 5_000)).toBe(true);
  });
});
