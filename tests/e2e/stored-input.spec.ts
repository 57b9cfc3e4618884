import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import {
  adminSession,
  apiOf,
  dismissBanners,
  logInByApi,
  newUser,
  ok,
  PASSWORD,
  PHONE,
  type Session,
  unique,
  useSession,
} from './support/api.ts';
import { islandsReady, liveListing, submitListing } from './support/listings.ts';

/**
 * Stored input: hostile text saved through the API into the fields users write (names, company
 * names, titles, descriptions, messages, reports, saved-search names, support messages) and then
 * shown on every page that shows it, public, account and back-office. No script may run (no
 * dialog opens, the probe stays unset, and the Content-Security-Policy blocks nothing, which
 * `test` checks), no element of the text becomes markup, and the text shows as the user wrote it.
 */

/** Hostile texts, each short enough for a listing's title (50 characters). */
const hostile = {
  script: '<script>window.stored=1;alert(1)</script>',
  closesScript: '</script><script>alert(2)</script>',
  handler: '<img src=x onerror="window.stored=1;alert(3)">',
  link: '<a href="javascript:alert(4)">Open</a>',
  svg: '<svg onload=alert(5)><b>bold</b></svg>',
  css: '<style>body{--stored:1}</style>',
  // A right-to-left override reverses what follows it on screen: 'exe.gnp' reads 'png.exe'.
  direction: '\u202Eexe.gnp Honest car',
} as const;

/** A word too long for any line, as a description would carry one. */
const longWord = 'W'.repeat(600);

const logo =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** What the page opened (a dialog) or threw (an error), for the journey to compare with []. */
function watchDialogs(page: Page) {
  const opened: string[] = [];
  page.on('pageerror', (error) => opened.push(`page error: ${error.message}`));
  page.on('dialog', async (dialog) => {
    opened.push(dialog.message());
    await dialog.dismiss();
  });
  return opened;
}

/** What of the hostile texts became markup or ran on the page, as a list to compare with []. */
async function injected(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    if ((window as { stored?: unknown }).stored) found.push('a stored script ran');
    for (const element of document.querySelectorAll('*'))
      for (const { name, value } of element.attributes)
        if (/^on/i.test(name)) found.push(`${element.tagName} ${name}=${value}`);
    for (const link of document.querySelectorAll('a[href]'))
      if (/^\s*javascript:/i.test(link.getAttribute('href') ?? ''))
        found.push(`link ${link.outerHTML}`);
    // Data blocks (JSON-LD) carry the text as data, which they must keep whole.
    for (const data of document.querySelectorAll('script[type="application/ld+json"]'))
      try {
        JSON.parse(data.textContent ?? '');
      } catch {
        found.push(`a broken data block ${data.outerHTML.slice(0, 300)}`);
      }
    for (const script of document.querySelectorAll(
      'script:not([src]):not([type="application/ld+json"])',
    ))
      if (/alert\(|window\.stored/.test(script.textContent ?? ''))
        found.push(`an inline script ${script.outerHTML.slice(0, 300)}`);
    if (getComputedStyle(document.body).getPropertyValue('--stored'))
      found.push('a stored style element');
    if (document.querySelector('img[src="x"], svg[onload]')) found.push('an element of the text');
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      const beyond = (e: Element) => e.getBoundingClientRect().right > window.innerWidth + 1;
      const wide = [...document.querySelectorAll('body *')].filter(
        (e) => beyond(e) && ![...e.children].some(beyond),
      );
      found.push(
        `the page is ${document.documentElement.scrollWidth}px wide: ${wide
          .slice(0, 6)
          .map((e) => `${e.tagName}.${e.className}`)
          .join(', ')}`,
      );
    }
    return found;
  });
}

/** The page shows `text` as text, and nothing of the hostile texts ran or became markup. */
async function showsAsText(page: Page, texts: string[], opened: string[]) {
  for (const text of texts) await expect(page.getByText(text).first()).toBeVisible();
  expect(await injected(page)).toEqual([]);
  expect(opened).toEqual([]);
}

/** Gives the account hostile names (and address), through the profile's own call. */
const rename = (
  request: APIRequestContext,
  user: Session,
  names: { firstName: string; lastName?: string },
) =>
  ok(
    apiOf(request, user).call((r) =>
      r.user.update.$post({
        json: {
          id: user.userId,
          lastName: 'Tester',
          ...names,
          phone: PHONE,
          city: 'Birkirkara',
          address: hostile.handler,
        },
      }),
    ),
  );

test.beforeEach(async ({ page }) => dismissBanners(page));

test('hostile names, titles and descriptions show as text on the public pages', async ({
  page,
  request,
}) => {
  const opened = watchDialogs(page);
  const tag = unique();
  const seller = await newUser(request, 'Hostile');
  await rename(request, seller, { firstName: hostile.handler, lastName: hostile.direction });
  const title = `${hostile.closesScript} ${tag}`.slice(0, 50);
  const description = [...Object.values(hostile), longWord].join('\n');
  const car = await liveListing(request, seller, title, { description });

  await page.goto(`/car/${car}`);
  await islandsReady(page);
  await expect(page).toHaveTitle(new RegExp(tag));
  await showsAsText(page, [title, hostile.script, hostile.css, hostile.handler], opened);

  await page.goto(`/seller/offer/${seller.userId}`);
  await islandsReady(page);
  await showsAsText(page, [title, hostile.handler], opened);

  // A dealer's company name, on its offer and on its listing.
  const email = `dealer.${tag}@example.mt`;
  const company = `${hostile.svg} ${tag}`;
  await ok(
    apiOf(request).call((r) =>
      r.user.register.company.$post({
        json: {
          firstName: company,
          lastName: '',
          email,
          phone: PHONE,
          city: 'Qormi',
          password: PASSWORD,
          image: logo,
          cNumber: '45123',
          vatNumber: '20451234',
        },
      }),
    ),
  );
  const dealer = await logInByApi(request, email, PASSWORD);
  const dealerCar = await liveListing(request, dealer, `${hostile.link} ${tag}`.slice(0, 50));
  await page.goto(`/car/${dealerCar}`);
  await islandsReady(page);
  await showsAsText(page, [company], opened);
  await page.goto(`/seller/offer/${dealer.userId}`);
  await islandsReady(page);
  await showsAsText(page, [company], opened);
});

test('hostile messages, names, titles and saved searches show as text in the account', async ({
  page,
  request,
}) => {
  const opened = watchDialogs(page);
  const tag = unique();
  const seller = await newUser(request, 'Sandra');
  const buyer = await newUser(request, 'Brian');
  await rename(request, buyer, { firstName: hostile.script });
  const title = hostile.handler;
  const car = await liveListing(request, seller, title);
  const text = `${hostile.link} ${hostile.closesScript} ${tag}`;
  const started = await ok(
    apiOf(request, buyer).call((r) => r.conversations.$post({ json: { carId: car, text } })),
  );

  // The seller reads the message, and the notice of it (the one place that renders HTML).
  await useSession(page, seller);
  await page.goto(`/messages?c=${started.conversationId}`);
  await islandsReady(page);
  await showsAsText(page, [text], opened);
  await page.goto('/notifications');
  await islandsReady(page);
  await page
    .getByRole('link', { name: /New message from/ })
    .first()
    .click();
  await showsAsText(page, [`sent you a message about ${title}`], opened);
  // The approval's notice carries the title too.
  await page.goto('/notifications');
  await page.getByRole('link', { name: /Your listing is live/ }).click();
  await showsAsText(page, [`Your listing "${title}" was approved`], opened);

  const name = `${hostile.css} ${tag}`;
  await ok(
    apiOf(request, buyer).call((r) =>
      r['saved-searches'].$post({ json: { name, filters: { keyword: 'Yaris' } } }),
    ),
  );
  await useSession(page, buyer);
  await page.goto('/saved-searches');
  await islandsReady(page);
  await showsAsText(page, [name], opened);
  await page.goto(`/messages?c=${started.conversationId}`);
  await islandsReady(page);
  await showsAsText(page, [text], opened);
});

test.describe('in the back-office', () => {
  test('hostile requests, reports, names and support messages show as text', async ({
    page,
    request,
  }) => {
    const opened = watchDialogs(page);
    const tag = unique();
    const seller = await newUser(request, 'Hostile');
    await rename(request, seller, { firstName: hostile.svg, lastName: hostile.handler });
    const title = `<script>alert(6)</script> ${tag}`;
    const description = [...Object.values(hostile), longWord].join('\n');
    const pending = await submitListing(request, seller, title, { description });
    await useSession(page, await adminSession(request));
    await page.goto(`/admin/car/request/${pending}`);
    await showsAsText(page, [hostile.closesScript, hostile.css], opened);

    const live = await liveListing(request, seller, `${hostile.css}`.slice(0, 50));
    const reporter = await newUser(request, 'Reporter');
    const report = `Scam - ${hostile.handler} ${hostile.link} ${tag}`;
    await ok(
      apiOf(request, reporter).call((r) =>
        r.cars.report[':id'].$post({ param: { id: String(live) }, json: { message: report } }),
      ),
    );
    await page.goto(`/admin/car/report/${live}`);
    await showsAsText(page, [`${hostile.handler} ${hostile.link} ${tag}`], opened);

    const started = await ok(
      apiOf(request, reporter).call((r) =>
        r.conversations.$post({ json: { carId: live, text: `${hostile.svg} ${tag}` } }),
      ),
    );
    const reason = `${hostile.script} ${tag}`;
    await ok(
      apiOf(request, seller).call((r) =>
        r.conversations[':id'].report.$post({
          param: { id: String(started.conversationId) },
          json: { reason },
        }),
      ),
    );
    await page.goto('/admin/reported-conversations');
    await page.getByText(reason).first().click({ timeout: 15_000 });
    await showsAsText(page, [`${hostile.svg} ${tag}`], opened);

    await page.goto(`/admin/user/${seller.userId}`);
    await showsAsText(page, [hostile.handler], opened);

    const email = `visitor.${tag}@example.mt`;
    const support = `${hostile.closesScript} ${hostile.handler} ${tag}`;
    await ok(
      apiOf(request).call((r) =>
        r.contact.send.$post({ json: { email, phone: PHONE, text: support } }),
      ),
    );
    await page.goto('/admin/messages');
    await page
      .getByRole('row', { name: new RegExp(email) })
      .getByRole('gridcell')
      .nth(1)
      .click({
        timeout: 15_000,
      });
    await showsAsText(page, [support], opened);
  });
});
