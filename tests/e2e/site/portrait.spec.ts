import { type Locator, expect, test } from '@playwright/test';
import { content } from '../support';

/**
 * Her portrait's place as a browser lays it out, with the shipped content (no photo named: her initials): a small
 * round frame beside her name in the display face, which keeps the homepage's opening card compact on a phone.
 */
const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
};

for (const pathname of ['/', '/about']) {
  test(`${pathname}: her initials sit beside her name, in the display face, at most 96 px`, async ({ page }) => {
    await page.goto(pathname);
    const person = page.locator('main .person');
    const monogram = person.locator('.portrait--monogram');
    const name = person.locator('.about__name');
    await expect(monogram).toHaveText(`${content.bio.givenName[0]}${content.bio.familyName[0]}`);
    await expect(monogram).toHaveAttribute('aria-hidden', 'true');

    const frame = await box(monogram);
    const nameBox = await box(name);
    expect(frame.width).toBe(frame.height);
    expect(frame.width).toBeLessThanOrEqual(96);
    expect(frame.x + frame.width, 'left of the name').toBeLessThanOrEqual(nameBox.x);
    expect(frame.y, 'in the row of the name').toBeLessThan(nameBox.y + nameBox.height);
    expect(frame.y + frame.height).toBeGreaterThan(nameBox.y);

    const fontOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).fontFamily);
    expect(await fontOf(monogram)).toBe(await fontOf(name));
    expect(await fontOf(monogram)).toMatch(/newsreader/i);
  });
}

test('on a phone the row of her initials and name is no taller than 120 px', async ({ page }, info) => {
  test.skip(info.project.name !== 'phone', 'the phone layout');
  await page.goto('/');
  const row = await box(page.locator('main .person'));
  expect(row.height).toBeLessThanOrEqual(120);
});
