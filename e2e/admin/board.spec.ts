import type { Locator, Page } from '@playwright/test';
import { adminValuationMessages } from '~/shared/admin-valuations';
import { boardMessages } from '~/shared/board';
import { pipelineMessages } from '~/shared/staff-pipeline';
import { stageChoiceMessages } from '~/shared/valuation-lifecycle';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { e2eAdmin, expect, expectToast, settleMotion, signInViaApi, test } from './helpers';
import { createValuation, uniqueTag, type CreatedValuation } from './valuations';

/*
 * The board (issue 37) against the real API: the open requests by stage, filtered to this test's
 * own requests with the search (other specs share the app). A card dragged with the pointer to
 * Lost asks why and leaves the board; one dropped on "Offer made" is refused in the lifecycle's
 * words and stays; with the keyboard alone a new request becomes Contacted (how the seller was
 * reached, logged) and a contacted one Lost; a reload shows each where it went. On a phone the
 * columns scroll sideways inside the board and each card's Move menu offers only what is allowed.
 */

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const cardIn = (scope: Page | Locator, valuation: CreatedValuation) =>
  scope.getByRole('article', { name: valuation.reference });
const handleOf = (page: Page, valuation: CreatedValuation) =>
  page.getByRole('button', { name: `Drag ${valuation.reference}` });
const lostZone = (page: Page) => page.getByText('drop a request here to mark it as lost');
/** dnd-kit's live region: what a screen reader hears while a card is dragged. */
const announced = (page: Page, text: string | RegExp) => expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(text);

async function centreOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 60) };
}

/** Picks a card up by its handle with the pointer and holds it over `target` (not yet dropped). */
async function dragOver(page: Page, handle: Locator, target: Locator) {
  // The mouse goes where it is told, on screen or not.
  await handle.scrollIntoViewIfNeeded();
  const from = await centreOf(handle);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  // Past the few pixels that tell a drag from a click.
  await page.mouse.move(from.x + 12, from.y + 4, { steps: 3 });
  const to = await centreOf(target);
  await page.mouse.move(to.x, to.y, { steps: 12 });
}

test.describe('[ADMIN][BOARD]', () => {
  test.beforeEach(async ({ page }) => {
    await settleMotion(page);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
  });

  test('cards move only where the lifecycle allows, by pointer and by keyboard, and stay moved', async ({ page }) => {
    test.setTimeout(120_000);
    const family = `Board${uniqueTag()}`;
    const make = (firstName: string) => createValuation(page.request, { firstName, lastName: family });
    // Newest first: Ada is at the top of New (the pointer's easy reach at 1280 × 800), then Ben, then Cal.
    const cal = await make('Cal');
    const ben = await make('Ben');
    const ada = await make('Ada');
    const dee = await make('Dee');
    const eve = await make('Eve');
    const contacted = await page.request.patch(`/api/valuations/${dee.id}/status`, { data: { status: 'contacted' } });
    expect(contacted.status(), await contacted.text()).toBe(200);
    const offer = await page.request.post(`/api/valuations/${eve.id}/offer`, {
      data: { offerAmount: '4250', notes: 'Thanks for waiting', sendMethod: 'email' },
    });
    expect(offer.status(), await offer.text()).toBe(201);

    // --- The board, this test's requests only: each in its stage's column -----------------------
    await page.setViewportSize(viewports.desktop);
    await page.goto(`/admin/board?q=${family}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Board' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Board', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(family);
    await expect(page.getByRole('status').filter({ hasText: 'open requests' })).toHaveText(
      '5 open requests match these filters.',
    );
    const headings = page.getByRole('heading', { level: 2 });
    await expect(headings).toHaveText([
      'New',
      'Contacted',
      'Offer made',
      'Offer accepted',
      'Collection booked',
      'Collected',
    ]);
    for (const valuation of [ada, ben, cal]) await expect(cardIn(column(page, 'New'), valuation)).toBeVisible();
    await expect(cardIn(column(page, 'Contacted'), dee)).toBeVisible();
    await expect(cardIn(column(page, 'Offer made'), eve)).toBeVisible();
    await expect(column(page, 'New').getByRole('heading').locator('xpath=..')).toContainText('3');
    const adaCard = cardIn(page, ada);
    await expect(adaCard).toContainText(`Ada ${family}`);
    await expect(adaCard).toContainText('Ford Focus, 2018');
    await expect(adaCard).toContainText('Unassigned');
    await expect(adaCard).toContainText(/\d{2} [A-Z][a-z]{2} \d{4} • \d{2}:\d{2}/);
    await expect(adaCard.getByRole('link', { name: ada.reference })).toHaveAttribute(
      'href',
      `/admin/valuations/${ada.id}`,
    );
    await expect(column(page, 'Collected')).toContainText(boardMessages.empty);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'board-desktop');

    // --- Pointer: Ada to Lost asks why (required), then she leaves the board ---------------------
    await dragOver(page, handleOf(page, ada), lostZone(page));
    await page.mouse.up();
    const lostDialog = page.getByRole('dialog', { name: `Mark ${ada.reference} as lost?` });
    await expect(lostDialog).toBeVisible();
    await lostDialog.getByRole('button', { name: 'Mark as lost' }).click();
    await expect(lostDialog.getByRole('alert')).toHaveText(stageChoiceMessages.lostNeedsReason);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'board-lost-dialog-desktop', { fullPage: false });
    await lostDialog.getByRole('radio', { name: 'Sold elsewhere' }).check();
    // Pressed twice: one move.
    await lostDialog.getByRole('button', { name: 'Mark as lost' }).dblclick();
    await expectToast(page, boardMessages.moved, `${ada.reference} is marked as lost: Sold elsewhere.`);
    await expect(lostDialog).toBeHidden();
    await expect(cardIn(page, ada)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'open requests' })).toHaveText(
      '4 open requests match these filters.',
    );

    // --- Pointer: Ben on "Offer made" is refused, in the lifecycle's words, and stays in New -----
    await dragOver(page, handleOf(page, ben), column(page, 'Offer made'));
    // The card under the pointer says why not, before it is dropped.
    await expect(page.getByText(stageChoiceMessages.offer_made, { exact: true })).toBeVisible();
    await saveScreenshot(page, 'board-refused-desktop', { fullPage: false });
    await page.mouse.up();
    await expectToast(page, boardMessages.moveRefused, stageChoiceMessages.offer_made);
    await expect(cardIn(column(page, 'New'), ben)).toBeVisible();
    await expect(cardIn(column(page, 'Offer made'), ben)).toHaveCount(0);

    // --- Keyboard alone: Cal from New to Contacted, saying how the seller was reached -----------
    await handleOf(page, cal).focus();
    await page.keyboard.press('Space');
    await announced(page, `${cal.reference} is over New, where it is now. Choose a column with the arrow keys.`);
    await page.keyboard.press('ArrowRight');
    await announced(page, 'Over Contacted: drop it to move it there.');
    await page.keyboard.press('Space');
    const contactDialog = page.getByRole('dialog', { name: `How did you reach Cal ${family}?` });
    await expect(contactDialog).toBeVisible();
    // Nothing chosen yet: the form says what it needs.
    await contactDialog.getByRole('button', { name: 'Log contact and move' }).press('Enter');
    await expect(contactDialog.getByRole('alert')).toHaveText(pipelineMessages.invalidChannel);
    await contactDialog.getByRole('radio', { name: 'Phone call' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(contactDialog.getByRole('radio', { name: 'Text message' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(contactDialog.getByRole('textbox', { name: 'Note (optional)' })).toBeFocused();
    await page.keyboard.type('Texted: happy to take a call tomorrow');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'board-contact-dialog-desktop', { fullPage: false });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(contactDialog.getByRole('button', { name: 'Log contact and move' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectToast(page, boardMessages.moved, `${cal.reference} is now Contacted (text message logged).`);
    await expect(contactDialog).toBeHidden();
    await expect(cardIn(column(page, 'Contacted'), cal)).toBeVisible();
    await expect(cardIn(column(page, 'New'), cal)).toHaveCount(0);
    // Focus follows the card to its new column, and stays there (nothing puts it back later).
    await expect(handleOf(page, cal)).toBeFocused();

    // --- Keyboard alone: Dee from Contacted across the columns to Lost -------------------------
    await handleOf(page, dee).focus();
    await page.keyboard.press('Enter');
    await announced(page, new RegExp(`^${dee.reference} is over Contacted, where it is now`));
    await page.keyboard.press('ArrowRight');
    await announced(page, `Over Offer made: it cannot move there. ${stageChoiceMessages.offer_made}`);
    for (const next of ['Offer accepted', 'Collection booked', 'Collected']) {
      await page.keyboard.press('ArrowRight');
      await announced(page, new RegExp(`^Over ${next}: it cannot move there`));
    }
    await page.keyboard.press('ArrowRight');
    await announced(page, 'Over Lost: drop it to move it there.');
    await page.keyboard.press('Enter');
    const deeDialog = page.getByRole('dialog', { name: `Mark ${dee.reference} as lost?` });
    await expect(deeDialog).toBeVisible();
    await deeDialog.getByRole('radio', { name: 'No reply from the seller' }).focus();
    await page.keyboard.press('Space');
    await expect(deeDialog.getByRole('radio', { name: 'No reply from the seller' })).toBeChecked();
    await deeDialog.getByRole('button', { name: 'Mark as lost' }).press('Enter');
    await expectToast(page, boardMessages.moved, `${dee.reference} is marked as lost: No reply from the seller.`);
    await expect(cardIn(page, dee)).toHaveCount(0);
    await expect(deeDialog).toHaveCount(0);
    // Its column's heading has focus: the card it was on is gone.
    await expect(page.getByRole('heading', { level: 2, name: 'Contacted' })).toBeFocused();

    // --- Escape cancels a keyboard drag: nothing moves ------------------------------------------
    await handleOf(page, ben).focus();
    await page.keyboard.press('Space');
    await announced(page, new RegExp(`^${ben.reference} is over New`));
    await page.keyboard.press('ArrowRight');
    await announced(page, 'Over Contacted: drop it to move it there.');
    await page.keyboard.press('Escape');
    await announced(page, `Cancelled: ${ben.reference} stays in New.`);
    await expect(cardIn(column(page, 'New'), ben)).toBeVisible();

    // --- A reload shows each where it went (the server's record, not the screen's) --------------
    await page.reload();
    await expect(cardIn(column(page, 'New'), ben)).toBeVisible();
    await expect(cardIn(column(page, 'Contacted'), cal)).toBeVisible();
    await expect(cardIn(column(page, 'Offer made'), eve)).toBeVisible();
    await expect(cardIn(page, ada)).toHaveCount(0);
    await expect(cardIn(page, dee)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'open requests' })).toHaveText(
      '3 open requests match these filters.',
    );
    for (const [valuation, stage] of [
      [ada, 'Lost'],
      [dee, 'Lost'],
      [cal, 'Contacted'],
    ] as const) {
      const detail = await page.request.get(`/api/admin/valuations/${valuation.id}`);
      expect(((await detail.json()) as { status: string }).status, valuation.firstName).toBe(
        stage === 'Lost' ? 'lost' : 'contacted',
      );
    }

    // --- A phone: the columns scroll sideways in the board; the Move menu offers what is allowed --
    await page.setViewportSize(viewports.phone);
    await expect(cardIn(column(page, 'New'), ben)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'board-phone');
    await page.getByRole('button', { name: `Move ${ben.reference} to…` }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Contacted…', 'Lost…', 'Open the request']);
    await expect(menu).toContainText(stageChoiceMessages.offer_made);
    // The menu itself (a menu open over the page sits outside its landmarks, as every menu does).
    await expectNoAxeViolations(page, { only: '[role="menu"]' });
    await saveScreenshot(page, 'board-move-menu-phone', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: `Move ${ben.reference} to…` })).toBeFocused();
    // From the menu: Contacted, by phone, without a note.
    await page.getByRole('button', { name: `Move ${ben.reference} to…` }).click();
    await menu.getByRole('menuitem', { name: 'Contacted…' }).click();
    const benDialog = page.getByRole('dialog', { name: `How did you reach Ben ${family}?` });
    await benDialog.getByRole('radio', { name: 'Phone call' }).check();
    await benDialog.getByRole('button', { name: 'Log contact and move' }).click();
    await expectToast(page, boardMessages.moved, `${ben.reference} is now Contacted (phone call logged).`);
    await expect(cardIn(column(page, 'Contacted'), ben)).toBeAttached();
  });

  test('the owner filter, an empty search, a long column shown in parts, a request gone meanwhile', async ({
    page,
    expectedHttpErrors,
  }) => {
    test.setTimeout(120_000);
    const family = `Board${uniqueTag()}`;
    // One more than a column shows at first.
    const made: CreatedValuation[] = [];
    for (let i = 0; i < 26; i++) made.push(await createValuation(page.request, { firstName: 'Mo', lastName: family }));
    const [oldest, newest] = [made[0]!, made.at(-1)!];
    await page.setViewportSize(viewports.desktop);
    await page.goto(`/admin/board?q=${family}zz`);
    await expect(page.getByRole('status').filter({ hasText: 'open requests' })).toHaveText(
      'No open requests match these filters.',
    );
    await expect(column(page, 'New')).toContainText(boardMessages.empty);
    await page.getByRole('searchbox', { name: 'Search' }).fill(family);
    await expect(page).toHaveURL(new RegExp(`q=${family}(&|$)`));
    await expect(cardIn(column(page, 'New'), newest)).toBeVisible();

    // 25 newest first, then "Show more" brings the rest after them, and goes.
    const news = column(page, 'New');
    await expect(news.getByRole('article')).toHaveCount(25);
    await expect(cardIn(news, oldest)).toHaveCount(0);
    await news.getByRole('button', { name: /^Show more/ }).click();
    await expect(news.getByRole('article')).toHaveCount(26);
    await expect(news.getByRole('article').last()).toHaveAccessibleName(oldest.reference);
    await expect(news.getByRole('button', { name: /^Show more/ })).toHaveCount(0);

    // Nobody owns them: under "Unassigned", not under "Mine".
    await page.getByRole('radio', { name: 'Mine' }).click();
    await expect(page.getByRole('radio', { name: 'Mine' })).toBeChecked();
    await expect(page).toHaveURL(/owner=mine/);
    await expect(cardIn(page, newest)).toHaveCount(0);
    await page.getByRole('radio', { name: 'Unassigned' }).click();
    await expect(page.getByRole('radio', { name: 'Unassigned' })).toBeChecked();
    await expect(cardIn(column(page, 'New'), newest)).toBeVisible();
    await page.getByRole('radio', { name: 'Everyone' }).click();
    await expect(page.getByRole('radio', { name: 'Everyone' })).toBeChecked();
    await expect(page).not.toHaveURL(/owner=/);
    await expect(cardIn(column(page, 'New'), newest)).toBeVisible();

    // Someone else deletes a request while it is on this board: the move is refused with the
    // server's words, the card goes back, and the board, asked again, no longer shows it.
    expectedHttpErrors.add(404);
    expect((await page.request.post(`/api/valuations/${newest.id}/archive`)).status()).toBe(200);
    expect((await page.request.delete(`/api/valuations/${newest.id}`)).status()).toBe(204);
    await page.getByRole('button', { name: `Move ${newest.reference} to…` }).click();
    await page.getByRole('menuitem', { name: 'Lost…' }).click();
    const dialog = page.getByRole('dialog', { name: `Mark ${newest.reference} as lost?` });
    await dialog.getByRole('radio', { name: 'The seller withdrew the request' }).check();
    await dialog.getByRole('button', { name: 'Mark as lost' }).click();
    await expectToast(page, boardMessages.moveFailed, adminValuationMessages.notFound);
    await expect(dialog).toBeHidden();
    await expect(cardIn(page, newest)).toHaveCount(0);
    await expect(column(page, 'New').getByRole('heading').locator('xpath=..')).toContainText('25');
  });
});
