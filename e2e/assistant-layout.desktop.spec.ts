import { expect, test, type Locator, type Page } from '@playwright/test';
import { enterDemo } from './support/accounts';

/**
 * Issue 27: the two-column Assistant never overlaps, from the narrowest desktop window (768 px,
 * where the sidebar leaves about 480 px) to a wide one. Measured on the real layout, without
 * screenshots.
 */
const WIDTHS = [768, 1024, 1280, 1920];

type Box = { x: number; y: number; width: number; height: number };

/** Half a pixel of slack for sub-pixel rounding of fractional grid tracks. */
const EPSILON = 0.5;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'element has a box').not.toBeNull();
  return box!;
}

function intersects(a: Box, b: Box): boolean {
  return (
    a.x + a.width > b.x + EPSILON &&
    b.x + b.width > a.x + EPSILON &&
    a.y + a.height > b.y + EPSILON &&
    b.y + b.height > a.y + EPSILON
  );
}

const taskList = (page: Page) => page.getByRole('list', { name: 'Task list' });

for (const width of WIDTHS) {
  test(`at ${width} px no task card runs under the detail panel`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await enterDemo(page);
    const cards = taskList(page).getByRole('button');
    await expect(page.getByText('Total: 8')).toBeVisible();
    await expect(cards).toHaveCount(8);

    // A selected task fills the detail panel beside the list.
    await cards.first().click();
    const detail = page.getByRole('article');
    await expect(detail.getByRole('heading', { level: 2 })).toBeVisible();

    const column = await boxOf(page.getByRole('region', { name: 'Assistant' }));
    const panel = await boxOf(detail);
    // Two columns side by side: the panel starts right of the list's column.
    expect(panel.x).toBeGreaterThanOrEqual(column.x + column.width - EPSILON);

    for (const card of await cards.all()) {
      const box = await boxOf(card);
      const name = (await card.innerText()).replace(/\s+/g, ' ').slice(0, 80);
      expect(intersects(box, panel), `"${name}" overlaps the detail panel`).toBe(false);
      expect(box.x, `"${name}" starts left of its column`).toBeGreaterThanOrEqual(column.x - EPSILON);
      expect(box.x + box.width, `"${name}" runs past its column`).toBeLessThanOrEqual(
        column.x + column.width + EPSILON,
      );
      // Nothing inside a card spills past it either (a long title, the contact's name).
      const spill = await card.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(spill, `"${name}" has content wider than the card`).toBeLessThanOrEqual(0);
    }

    // And the page itself never scrolls sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
