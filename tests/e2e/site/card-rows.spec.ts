import { expect, test } from '@playwright/test';
import { sitemapPaths } from '../support';

/**
 * A row of cards never leaves a card beside empty columns: on every page of the sitemap, at a phone's width, a
 * tablet's, and 1280 and 1440 wide, each row of every card list reaches the list's right edge (a card left alone
 * in its row takes the row's width). An engagement with one case study, or an odd number of cards, showed one card
 * and empty columns beside it.
 */
const WIDTHS = [390, 800, 1280, 1440];

test('every row of cards fills its list, whatever the count, at every width', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the widths are set here');
  const paths = await sitemapPaths(request);
  let rowsMeasured = 0;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      const gaps = await page.evaluate(() =>
        [...document.querySelectorAll('.card-grid')].flatMap((list) => {
          const box = list.getBoundingClientRect();
          const rows = new Map<number, number>();
          for (const card of list.children) {
            const edge = card.getBoundingClientRect();
            const top = Math.round(edge.top);
            rows.set(top, Math.max(rows.get(top) ?? 0, edge.right));
          }
          return [...rows.values()].map((right) => Math.round(box.right - right));
        }),
      );
      rowsMeasured += gaps.length;
      // Each row's last card ends at the list's right edge (a pixel of rounding allowed).
      expect(
        gaps.filter((gap) => gap > 1),
        `${path} at ${width} px: rows that stop short of the list's edge`,
      ).toEqual([]);
    }
  }
  // The lists were there to measure: the homepage, the two lists, the engagements with their case studies.
  expect(rowsMeasured).toBeGreaterThan(WIDTHS.length * 5);
});
