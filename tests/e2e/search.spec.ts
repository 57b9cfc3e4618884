import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { rowsOf } from '#shared/api/rows.ts';
import { apiOf } from './support/api.ts';
import { screen } from './support/screens.ts';

/**
 * The demo data has 36 live listings, 5 of them electric; other journeys add more, so the expected
 * number of cards comes from the API: the live total, capped by the page's 50.
 */
async function liveOnFirstPage(page: Page, filters: Record<string, unknown> = {}) {
  const res = await page.request.post('/api/cars/search', {
    data: { ...filters, pageNumber: 1, pageSize: 1 },
  });
  const total = ((await res.json()) as { data: { totalCount: number } }).data.totalCount;
  return Math.min(total, 50);
}
const DEMO_ELECTRIC = 5;

const cars = (page: Page) => page.getByRole('list', { name: 'Cars' }).getByRole('listitem');
const panel = (page: Page) => page.getByRole('search', { name: 'Filters' });
const searchButton = (page: Page) => page.getByRole('button', { name: 'Search', exact: true });

/** The panel answers clicks once its island has hydrated (Astro then drops the 'ssr' mark). */
const hydrated = (page: Page) =>
  expect(page.locator('astro-island:has(#search-panel)')).not.toHaveAttribute('ssr');

/** On mobile the results come first after a search: the 'Search filters' bar brings the panel. */
async function openPanel(page: Page) {
  await hydrated(page);
  const bar = page.getByRole('button', { name: 'Search filters' });
  if (await bar.isVisible()) await bar.click();
  await expect(panel(page)).toBeVisible();
}

/** Chooses a fuel as people do: a click on the option's name. */
async function chooseFuel(page: Page, fuel: string) {
  await hydrated(page);
  await page.getByRole('button', { name: /^Fuel/ }).click();
  await page.getByRole('group', { name: 'Fuel' }).getByText(fuel, { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: fuel })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Fuel ${fuel}` })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  // Keeps the cookie and 'Get the app' banners out of the way of the clicks.
  await page.addInitScript(() => {
    localStorage.setItem('cookiesAccepted', 'true');
    sessionStorage.setItem('appBannerClosed', 'true');
  });
});

test(
  'Show results on the home page opens the search for that make',
  { tag: '@phone' },
  async ({ page, isMobile }) => {
    await page.goto('/');
    if (isMobile) await page.getByRole('button', { name: 'Make, model, price' }).click();
    await page.getByRole('combobox', { name: 'Make' }).selectOption({ label: 'Toyota' });
    await page.getByRole('button', { name: 'Show results' }).click();

    await expect(page).toHaveURL(/\/search\?make=\d+$/);
    await expect(page).toHaveTitle('Search car · Spotted');
    await expect(page.getByRole('heading', { level: 1, name: 'Search car' })).toBeVisible();
    await expect(cars(page).first()).toBeVisible();
    for (const card of await cars(page).all()) await expect(card).toContainText('Toyota');
    await openPanel(page);
    await expect(page.getByRole('combobox', { name: 'Make' })).toHaveValue('Toyota');
  },
);

test(
  'words typed on the home page find a make spelt wrong; the search keeps them',
  { tag: '@phone' },
  async ({ page }) => {
    const toyotas = await liveOnFirstPage(page, { keyword: 'Toyota' });
    expect(toyotas).toBeGreaterThan(0);
    await page.goto('/');
    // The box takes typing at every size; Enter searches.
    const words = page.getByRole('searchbox', { name: 'Keywords' });
    await words.fill('toyta');
    await words.press('Enter');

    await expect(page).toHaveURL(/\/search\?q=toyta$/);
    // Other journeys add Toyotas meanwhile: at least those found before, and only Toyotas.
    await expect(cars(page).first()).toBeVisible();
    expect(await cars(page).count()).toBeGreaterThanOrEqual(toyotas);
    for (const card of await cars(page).all()) await expect(card).toContainText('Toyota');
    await openPanel(page);
    const panelWords = panel(page).getByRole('searchbox', { name: 'Keywords' });
    await expect(panelWords).toHaveValue('toyta');

    // More words narrow the search; the address says them, and a reload keeps them.
    await panelWords.fill('toyota yaris');
    await searchButton(page).click();
    await expect(page).toHaveURL(/\/search\?q=toyota\+yaris$/);
    await expect(cars(page).first()).toBeVisible();
    for (const card of await cars(page).all()) await expect(card).toContainText('Yaris');
    await page.reload();
    await expect(cars(page).first()).toBeVisible();
    for (const card of await cars(page).all()) await expect(card).toContainText('Yaris');
    await openPanel(page);
    await expect(panel(page).getByRole('searchbox', { name: 'Keywords' })).toHaveValue(
      'toyota yaris',
    );
  },
);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the results are on the page, with an ItemList of their links', async ({ page }) => {
    await page.goto('/search?sortBy=year&sortDirection=DESC');
    const expected = await liveOnFirstPage(page);
    await expect(cars(page)).toHaveCount(expected);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { '@type': string; itemListElement: { url: string }[] };
    expect(jsonLd['@type']).toBe('ItemList');
    expect(jsonLd.itemListElement).toHaveLength(expected);
    expect(jsonLd.itemListElement[0]?.url).toMatch(/\/car\/\d+$/);
  });
});

test('filtering by fuel shows only electric cars', async ({ page }) => {
  await page.goto('/search');
  await openPanel(page);
  await chooseFuel(page, 'Electric');
  await searchButton(page).click();

  await expect(page).toHaveURL(/\/search\?fuelFilter=3$/);
  await expect(cars(page)).toHaveCount(DEMO_ELECTRIC);
  for (const card of await cars(page).all()) await expect(card).toContainText('Electric');
});

test(
  'a click anywhere on an option of a multiple choice toggles it; the keyboard works too',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/search');
    await openPanel(page);
    const body = page.getByRole('button', { name: /^Body/ });
    const options = page.getByRole('group', { name: 'Body' });
    await body.click();
    await expect(options).toBeVisible();

    // The option's name, and the empty space to its right, both count.
    await options.getByText('Sedan', { exact: true }).click();
    await expect(options).toBeVisible();
    await expect(options.getByRole('checkbox', { name: 'Sedan' })).toBeChecked();
    const suv = options.locator('label', { hasText: 'SUV' });
    await suv.scrollIntoViewIfNeeded();
    const box = (await suv.boundingBox())!;
    await page.mouse.click(box.x + box.width - 8, box.y + box.height / 2);
    await expect(options.getByRole('checkbox', { name: 'SUV' })).toBeChecked();
    await expect(body).toHaveAccessibleName('Body Sedan, SUV');
    await screen(page, 'search-multi-select');
    await options.getByText('Sedan', { exact: true }).click();
    await expect(options.getByRole('checkbox', { name: 'Sedan' })).not.toBeChecked();

    // Keyboard: Space toggles the focused option, Tab goes on to the next, Escape closes the list
    // and gives the focus back to its button.
    await options.getByRole('checkbox', { name: 'SUV' }).focus();
    await page.keyboard.press('Space');
    await expect(options.getByRole('checkbox', { name: 'SUV' })).not.toBeChecked();
    await page.keyboard.press('Tab');
    await expect(options.getByRole('checkbox', { name: 'Coupe' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(options).toBeVisible();
    await expect(options.getByRole('checkbox', { name: 'Coupe' })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(options).toBeHidden();
    await expect(body).toBeFocused();
    await expect(body).toHaveAccessibleName('Body Coupe');

    // Safety, in the detailed search, works the same way.
    await page.getByRole('button', { name: 'Detailed search' }).click();
    await page.getByRole('button', { name: /^Safety/ }).click();
    const safety = page.getByRole('group', { name: 'Safety' });
    const name = (await safety.locator('label').first().textContent())!.trim();
    await safety.getByText(name, { exact: true }).click();
    await expect(safety).toBeVisible();
    await expect(safety.getByRole('checkbox', { name })).toBeChecked();
  },
);

test('sorting by price ascending orders the cards and shows the badge', async ({ page }) => {
  await page.goto('/search');
  const sort = page.getByRole('button', { name: /^Sort/ });
  // Sorting is not filtering: the button says Sort.
  await expect(sort).toHaveText('Sort');
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
  await expect(sort.getByText('Price ↑')).toHaveCount(0);
  await hydrated(page);
  await sort.click();
  await expect(page.getByRole('menu', { name: 'Sort by' })).toBeVisible();
  await screen(page, 'search-sort-menu');
  await page.getByRole('menuitemradio', { name: 'Price ascending' }).click();

  await expect(page).toHaveURL(/sortBy=price&sortDirection=ASC/);
  const prices = (
    await page.getByRole('list', { name: 'Cars' }).locator('.card__price').allTextContents()
  ).map((text) => Number(text.replace(/\D/g, '')));
  expect(prices).toHaveLength(await liveOnFirstPage(page));
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await openPanel(page);
  const sorted = page.getByRole('button', { name: 'Sort (Price ascending)' });
  await expect(sorted.getByText('Price ↑')).toBeVisible();
  await screen(page, 'search-sort-badge');
  await sorted.click();
  await expect(page.getByRole('menuitemradio', { name: 'Price ascending' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('Clear empties the filters and Search then shows every car', async ({ page }) => {
  await page.goto('/search?make=50&fuelFilter=3&minPrice=1000&minPower=50');
  await openPanel(page);
  await expect(page.getByRole('combobox', { name: 'Make' })).toHaveValue('Toyota');
  await expect(page.getByRole('spinbutton', { name: 'Min power (hp)' })).toHaveValue('50');

  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Make' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Model' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Fuel Any' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Min price' })).toHaveValue('');
  await expect(page.getByRole('spinbutton', { name: 'Min power (hp)' })).toHaveValue('');

  await searchButton(page).click();
  await expect(page).toHaveURL(/\/search\?page=1$/);
  await expect(cars(page)).toHaveCount(await liveOnFirstPage(page));
});

test('the make selector matches typed text by name prefix and loads the models', async ({
  page,
}) => {
  await page.goto('/search');
  await openPanel(page);
  const make = page.getByRole('combobox', { name: 'Make' });
  const makes = page.getByRole('listbox', { name: 'Make' }).getByRole('option');

  await make.fill('o');
  await expect(makes.first()).toBeVisible();
  await expect(makes.filter({ hasText: 'Toyota' })).toHaveCount(0);
  for (const name of await makes.allTextContents()) expect(name).toMatch(/^o/i);

  await make.fill('toy');
  await expect(makes).toHaveText(['Toyota']);
  await make.press('Enter');
  await expect(make).toHaveValue('Toyota');
  await expect(make).toHaveAttribute('aria-expanded', 'false');

  const model = page.getByRole('combobox', { name: 'Model' });
  await expect(model).toBeEnabled();
  await model.fill('YA');
  await expect(page.getByRole('option', { name: 'Yaris', exact: true })).toBeVisible();
  await model.press('ArrowDown');
  await model.press('Escape');
  await expect(page.getByRole('listbox', { name: 'Model' })).toBeHidden();
  await expect(model).toHaveValue('');

  await page.getByRole('button', { name: 'Clear Make' }).click();
  await expect(make).toHaveValue('');
  await expect(model).toBeDisabled();
});

test('a search without results shows the empty state and no pagination', async ({ page }) => {
  await page.goto('/search');
  await openPanel(page);
  await page.getByRole('spinbutton', { name: 'Max price' }).fill('1');
  await searchButton(page).click();

  await expect(page).toHaveURL(/\/search\?maxPrice=1$/);
  await expect(page.getByRole('heading', { name: 'No cars found' })).toBeVisible();
  await expect(page.getByText("We couldn't find what you searched for.")).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
});

test(
  'the filters in force show as chips that take them off; an empty search says what to try',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/search?fuelFilter=3&maxPrice=1');
    const active = page.getByRole('list', { name: 'Active filters' });
    await expect(active.getByRole('link')).toHaveText(['Max price: 1×', 'Fuel: Electric×']);
    await expect(page.getByRole('heading', { name: 'No cars found' })).toBeVisible();
    await expect(page.getByText('Take a filter off above, or see every car.')).toBeVisible();

    // Taking the price off leaves the electric cars.
    await active.getByRole('link', { name: 'Remove Max price: 1' }).click();
    await expect(page).toHaveURL(/\/search\?fuelFilter=3$/);
    await expect(cars(page)).toHaveCount(await liveOnFirstPage(page, { fuelFilter: [3] }));
    await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('link')).toHaveText([
      'Fuel: Electric×',
    ]);
    await page.getByRole('link', { name: 'Remove Fuel: Electric' }).click();
    await expect(page).toHaveURL(/\/search\?page=1$/);
    await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);

    await page.goto('/search?q=zzqxv');
    await page.getByRole('link', { name: 'see every car' }).click();
    await expect(page).toHaveURL(/\/search\?page=1$/);
    await expect(cars(page).first()).toBeVisible();
  },
);

test('there is no pagination when the results fit on one page', async ({ page }) => {
  // Nissan: only the demo's cars (the journeys list Toyotas, which pass 50 over a whole run).
  const makes = await apiOf(page.request).call((r) => r.cars.brands.$get({ query: {} }));
  const nissan = rowsOf(makes.data).find((m) => m.name === 'Nissan')!.id;
  await page.goto(`/search?make=${nissan}&page=1`);
  const expected = await liveOnFirstPage(page, { brand: nissan });
  expect(expected).toBeGreaterThan(0);
  expect(expected).toBeLessThan(50);
  await expect(cars(page)).toHaveCount(expected);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
});

test(
  'coming back to /search from a listing restores the filters and the scroll',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/search');
    await openPanel(page);
    await page.getByRole('button', { name: /^Sort/ }).click();
    await page.getByRole('menuitemradio', { name: 'Price descending' }).click();
    await expect(page).toHaveURL(/\/search\?sortBy=price&sortDirection=DESC$/);

    const card = cars(page).nth(20).getByRole('link');
    await card.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);
    await card.click();
    await expect(page).toHaveURL(/\/car\/\d+$/);

    // The header's Search link leads to the bare /search.
    await page.goto('/search');
    await expect(page).toHaveURL(/\/search\?sortBy=price&sortDirection=DESC$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 20);

    // Any other page forgets the search.
    await page.goto('/');
    await page.goto('/search');
    await expect(page).toHaveURL(/\/search$/);
  },
);

test(
  'on mobile the filter panel and the results take turns',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const bar = page.getByRole('button', { name: 'Search filters' });
    await page.goto('/search');
    if (testInfo.project.name !== 'mobile') {
      await expect(panel(page)).toBeVisible();
      await expect(cars(page).first()).toBeVisible();
      await expect(bar).toBeHidden();
      return;
    }
    await expect(panel(page)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Cars' })).toBeHidden();
    await expect(bar).toBeHidden();

    await chooseFuel(page, 'Electric');
    await searchButton(page).click();
    await expect(page).toHaveURL(/fuelFilter=3/);
    await expect(panel(page)).toBeHidden();
    await expect(bar).toBeVisible();
    await expect(page.getByRole('heading', { name: `${DEMO_ELECTRIC} cars found` })).toBeAttached();
    await expect(cars(page)).toHaveCount(DEMO_ELECTRIC);

    await bar.click();
    await expect(panel(page)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Cars' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Fuel Electric' })).toBeVisible();
  },
);

test(
  'every category shows whole on the panel, with Sort on a line of its own below them',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/search');
    const categories = page.getByRole('radiogroup', { name: 'Category' });
    await expect(categories).toBeVisible();
    const sort = page.getByRole('button', { name: /^Sort/ });
    const sortBox = (await sort.boundingBox())!;
    const row = (await categories.boundingBox())!;
    for (const chip of await categories.getByRole('radio').all()) {
      const box = (await chip.boundingBox())!;
      // Inside the row, nothing of it cut off, and nothing of Sort over it.
      expect(box.x).toBeGreaterThanOrEqual(row.x - 1);
      expect(box.x + box.width).toBeLessThanOrEqual(row.x + row.width + 1);
      const overlapsSort =
        box.x < sortBox.x + sortBox.width &&
        sortBox.x < box.x + box.width &&
        box.y < sortBox.y + sortBox.height &&
        sortBox.y < box.y + box.height;
      expect(overlapsSort).toBe(false);
    }
  },
);

test(
  'the search page has no serious accessibility violation',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/search?make=50&minPower=50');
    await openPanel(page);
    await page.getByRole('combobox', { name: 'Make' }).click();
    await expect(page.getByRole('listbox', { name: 'Make' })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  },
);
