import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { ADMIN, adminSession } from "./helpers/accounts";
import { axeViolations } from "./helpers/axe";
import { adminCommandOnSuiteStore } from "./helpers/admin-cli";
import { placeOrderInSuiteStore, type PlacedOrder } from "./helpers/orders";
import { actionId, callAction } from "./helpers/server-actions";
import { demoProducts } from "./support";

// Issue 28, item 5: the operator's order desk at /admin-entry/orders, on
// either backend. Orders are placed in the suite's store as the checkout
// places them (helpers/orders.ts); the admin finds one by reference, ships
// it with a tracking number, delivers it and records its payment (that step
// without JavaScript); a step decided on an older revision is refused and
// the page shows the order as it is now; another order is cancelled. A
// non-admin is sent to the admin sign-in and the step action refuses them.
// Last, the admin CLI erases a customer's personal data, the figures kept.

const run = Date.now().toString(36);
const MOBILE = { width: 390, height: 844 };
const STEP_ACTION = { file: "lib/admin/orders/step-actions.ts", name: "takeOrderStepAction" };

let first: PlacedOrder;
let second: PlacedOrder;
let admin: BrowserContext;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  first = await placeOrderInSuiteStore(`desk-one-${run}@example.com`, { [demoProducts[0].id]: 2, [demoProducts[1].id]: 1 });
  second = await placeOrderInSuiteStore(`desk-two-${run}@example.com`, { [demoProducts[2].id]: 1 });
  admin = await browser.newContext({ viewport: MOBILE });
  await adminSession(await admin.newPage());
});

test.afterAll(async () => {
  await admin?.close();
});

/** No horizontal scrolling at the page's width. */
async function fitsWidth(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
}

async function openOrder(page: Page, order: PlacedOrder): Promise<void> {
  await page.goto(`/admin-entry/orders/${order.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(order.reference);
}

const states = (page: Page) => page.locator("main").getByTestId("order-states").first();
const status = (page: Page) => page.getByTestId("step-status");

test("a non-admin is sent to the admin sign-in, and the step action refuses them", async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/admin-entry/orders/${first.id}`);
  await expect(page).toHaveURL(/\/admin-signin$/);
  await context.close();

  const form = new FormData();
  form.set("orderId", first.id);
  form.set("revision", "0");
  form.set("step", "cancel");
  const id = actionId(STEP_ACTION.file, STEP_ACTION.name);
  // Posted where the form posts, proxy.ts sends it to sign in first; posted
  // elsewhere, past the proxy, it is refused too (the action's own check:
  // tests/admin-order-steps.test.ts). The next test finds the order untouched.
  const gated = await callAction({ baseURL: baseURL!, id, args: [null, form], path: `/admin-entry/orders/${first.id}` });
  expect(gated.status).toBe(307);
  expect(gated.headers.get("location")).toMatch(/\/admin-signin$/);
  const elsewhere = await callAction<{ ok: boolean }>({ baseURL: baseURL!, id, args: [null, form], path: "/" });
  expect(elsewhere.result?.ok).not.toBe(true);
});

test("the admin finds an order by reference, ships it with a tracking number and delivers it, at 390 px", async () => {
  const page = await admin.newPage();
  await page.goto("/admin-entry");
  await page.getByRole("link", { name: /^Orders/ }).click();
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  // The list before any search: newest first, both orders there, nothing done to them yet (the refused call wrote nothing).
  const rows = page.getByTestId("admin-order-row");
  await expect(rows.first()).toContainText(second.reference);
  await page.getByRole("searchbox", { name: "Reference or email" }).fill(first.reference.toLowerCase().replaceAll("-", ""));
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`desk-one-${run}@example.com`);
  await expect(rows.first()).toContainText("Placed");
  await expect(rows.first()).toContainText("Payment due");
  expect(await axeViolations(page)).toEqual([]);
  await fitsWidth(page);

  await rows.first().getByRole("link", { name: first.reference }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(first.reference);
  await expect(page.getByRole("link", { name: `desk-one-${run}@example.com` })).toBeVisible();
  await expect(page.getByTestId("order-event")).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  await fitsWidth(page);

  await page.getByLabel("Tracking number").fill("1Z 999 AA1 0123 4567");
  await page.getByRole("button", { name: "Mark shipped" }).click();
  await expect(status(page)).toHaveText(/Marked shipped/);
  await expect(states(page)).toContainText("Shipped");
  await expect(page.getByTestId("tracking-number")).toHaveText("1Z 999 AA1 0123 4567");
  await expect(page.getByRole("button", { name: "Mark shipped" })).toHaveCount(0);
  const shipped = page.getByTestId("order-event").nth(1);
  await expect(shipped).toContainText(ADMIN.email);
  await expect(shipped).toContainText("1Z 999 AA1 0123 4567");
  await expect(page.getByTestId("order-email").filter({ hasText: `Your order ${first.reference}: shipped` })).toHaveCount(1);

  await page.getByRole("button", { name: "Mark delivered" }).click();
  await expect(status(page)).toHaveText(/Marked delivered/);
  await expect(states(page)).toContainText("Delivered");
  await expect(page.getByRole("button", { name: "Record payment" })).toBeVisible();
  await page.close();
});

// A plain post is answered with the order's page and the step's notice
// (lib/admin/orders/step-notice.ts).
test("without JavaScript the admin records the payment: the form posts and the page comes back paid", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: MOBILE, storageState: await admin.storageState() });
  const page = await context.newPage();
  await openOrder(page, first);
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-entry/orders/${first.id}\\?notice=done-record_payment$`));
  await expect(status(page)).toHaveText(/Payment recorded/);
  await expect(states(page)).toContainText("Paid");
  await expect(page.getByRole("button", { name: "Record payment" })).toHaveCount(0);
  await expect(page.getByTestId("order-event")).toHaveCount(4);
  await expect(page.getByTestId("order-email").filter({ hasText: `Your order ${first.reference}: payment received` })).toHaveCount(1);
  await context.close();
});

test("a step decided on an older revision is refused and the page shows the order as it is now; another order is cancelled", async () => {
  const older = await admin.newPage();
  const newer = await admin.newPage();
  await openOrder(older, second);
  await openOrder(newer, second);

  await newer.getByRole("button", { name: "Cancel order" }).click();
  await expect(status(newer)).toHaveText(/Cancelled/);
  await expect(states(newer)).toContainText("Cancelled");
  await expect(newer.getByText("No step is open from this order's state.")).toBeVisible();

  // The older page still offers shipping, from the revision it was opened at.
  await older.getByLabel("Tracking number").fill("STALE-1");
  await older.getByRole("button", { name: "Mark shipped" }).click();
  await expect(status(older)).toHaveText(/This order changed since you opened it/);
  await expect(states(older)).toContainText("Cancelled");
  await expect(older.getByRole("button", { name: "Mark shipped" })).toHaveCount(0);
  // Nothing was written by the refusal: placed, then cancelled, and no shipping email.
  await expect(older.getByTestId("order-event")).toHaveCount(2);
  await expect(older.getByTestId("order-email").filter({ hasText: "shipped" })).toHaveCount(0);

  // The state filter finds it among the cancelled orders.
  await older.goto("/admin-entry/orders?state=fulfilment%3Acancelled");
  await expect(older.getByTestId("admin-order-row").filter({ hasText: second.reference })).toHaveCount(1);
  await expect(older.getByTestId("admin-order-row").filter({ hasText: first.reference })).toHaveCount(0);
  await older.close();
  await newer.close();
});

/**
 * Where each element's text wraps: for every element `selector` matches,
 * its text and the index of each character that starts a new line.
 */
function lineStarts(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const text = element.textContent ?? "";
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const tops: number[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? "").length; i += 1) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          tops.push(range.getClientRects()[0]?.top ?? tops.at(-1) ?? 0);
        }
      }
      const starts = tops.flatMap((top, i) => (i > 0 && top > tops[i - 1] + 2 ? [i] : []));
      return { text, starts };
    }),
  );
}

/**
 * The seam-to-seam parts of each email (the text between two <wbr>s of
 * email-text.tsx) that are wider, unbroken, than the room their cell gives
 * them: only inside these may an address break.
 */
function partsWiderThanTheirCell(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const cell = element.closest("td") ?? element;
      const style = getComputedStyle(cell);
      const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const probe = document.createElement("span");
      probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
      cell.append(probe);
      const wide = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? "")
        .filter((part) => {
          probe.textContent = part;
          return probe.getBoundingClientRect().width > room;
        });
      probe.remove();
      return wide;
    }),
  );
}

/** An email may wrap only at its seams: after "@", "-", "_" or "+", or before a dot; inside a part only when that part alone is wider than its cell. */
function breaksInsideAWord(email: { text: string; starts: number[] }, wideParts: string[]): number[] {
  const atASeam = (start: number) => /[@\-_+]/.test(email.text[start - 1]) || email.text[start] === ".";
  const insideAWidePart = (start: number) =>
    wideParts.some((part) => {
      const from = email.text.indexOf(part);
      return from >= 0 && start > from && start < from + part.length;
    });
  return email.starts.filter((start) => !atASeam(start) && !insideAWidePart(start));
}

// Issue 38, item 5: the desk's list on a phone. A state badge never breaks
// inside its words, an email wraps only at its seams (inside a name only
// when that name alone is wider than the column: the page never scrolls
// sideways), and the search's example (its placeholder) shows whole, at
// every width.
test("at 320, 390 and 768 px the desk's badges stay whole and emails wrap only at their seams; the search's example shows whole at every width", async () => {
  await placeOrderInSuiteStore(`maximilian.wolfeschlegel-${run}@example.com`, { [demoProducts[3].id]: 1 });
  // A name of 35 letters (as order-journeys.spec.ts's long-named shopper has): wider than a phone's column.
  const longest = `maximilian.alexander.wolfeschlegelsteinhausenbergerdorff.${run}@example.com`;
  await placeOrderInSuiteStore(longest, { [demoProducts[3].id]: 1 });
  // A six-figure total beside it: the list's widest figure must fit too.
  const [dearest, next] = [...demoProducts].sort((a, b) => b.price - a.price);
  await placeOrderInSuiteStore(`bulk-${run}@example.com`, { [dearest.id]: 99, [next.id]: 99 });
  const page = await admin.newPage();
  // Every problem at every width, so one run reports them all.
  const problems: string[] = [];
  for (const width of [320, 390, 768, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/admin-entry/orders");
    await expect(page.getByTestId("admin-order-row").first()).toBeVisible();
    const search = page.getByRole("searchbox", { name: "Reference or email" });
    const example = await search.getAttribute("placeholder");
    expect(example).toBeTruthy();
    await search.fill(example!);
    const cut = await search.evaluate((input) => input.scrollWidth - input.clientWidth);
    if (cut > 0) problems.push(`${width} px: the example "${example}" is cut by ${cut} px`);
    if (width === 1280) continue;

    const badges = await lineStarts(page, "[data-testid=admin-order-row] [data-testid=order-states] > *");
    expect(badges.length).toBeGreaterThan(0);
    for (const badge of badges.filter((b) => b.starts.length > 0))
      problems.push(`${width} px: badge "${badge.text}" breaks at ${badge.starts}`);
    const emailSelector = "[data-testid=admin-order-row] [data-testid=customer-email]";
    const emails = await lineStarts(page, emailSelector);
    const wideParts = await partsWiderThanTheirCell(page, emailSelector);
    expect(emails.map((email) => email.text)).toEqual(expect.arrayContaining([`maximilian.wolfeschlegel-${run}@example.com`, longest]));
    emails.forEach((email, index) => {
      const inside = breaksInsideAWord(email, wideParts[index]);
      if (inside.length > 0) problems.push(`${width} px: email "${email.text}" breaks inside a word at ${inside}`);
    });
    // What reaches past the screen's edge, deepest first, so a failure names the cause.
    const sideways = await page.evaluate((edge) => {
      const past = [...document.querySelectorAll<HTMLElement>("main *")].filter((el) => el.getBoundingClientRect().right > edge + 0.5);
      const deepest = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
      return {
        width: document.documentElement.scrollWidth,
        past: deepest.slice(0, 4).map((el) => `${el.tagName.toLowerCase()} "${el.textContent?.slice(0, 40)}"`),
      };
    }, width);
    if (sideways.width > width) problems.push(`${width} px: the page is ${sideways.width} px wide (${sideways.past.join(", ")})`);
    for (const violation of await axeViolations(page)) problems.push(`${width} px: ${violation}`);
  }
  expect(problems).toEqual([]);
  await page.close();
});

test("erase-customer blanks the customer's contact and address; the order keeps its figures", async () => {
  const erased = await adminCommandOnSuiteStore("erase-customer", `desk-two-${run}@example.com`);
  expect(erased).toMatchObject({ code: 0, out: expect.stringContaining("Erased the contact and address of 1 order") });
  const page = await admin.newPage();
  await openOrder(page, second);
  await expect(page.getByTestId("order-erased")).toBeVisible();
  await expect(page.getByText(`desk-two-${run}@example.com`)).toHaveCount(0);
  await expect(page.getByTestId("order-total")).toHaveText(/\$/);
  await expect(states(page)).toContainText("Cancelled");
  await page.close();
});
