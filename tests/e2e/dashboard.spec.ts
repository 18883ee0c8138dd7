import { expect, test, type Page } from "@playwright/test";
import { adminSession } from "./helpers/accounts";
import { axeViolations } from "./helpers/axe";
import { placeOrderInSuiteStore, type PlacedOrder } from "./helpers/orders";
import { setStockInSuiteStore, stockInSuiteStore } from "./helpers/stock";
import { demoProducts } from "./support";

/**
 * The sales dashboard (issue 42, item 5) as the operator reads it: three
 * orders placed, two paid on the desk, one of those refunded and the third
 * cancelled move its figures by exactly what they are worth; the same page
 * without JavaScript, its settings saved by a plain form; a phone's width.
 * Other specs' orders share the store, so each figure is compared with
 * itself before.
 */

const run = Date.now().toString(36);
const cents = (dollars: number) => Math.round(dollars * 100);

/** The dashboard's totals as the page shows them: counts as numbers, money in cents (its <data value>). */
async function totals(page: Page) {
  await page.goto("/admin-entry/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const count = async (name: string) => Number((await page.locator(`[data-figure=${name}]`).innerText()).replaceAll(",", ""));
  const money = async (name: string) => cents(Number(await page.locator(`[data-figure=${name}] data`).getAttribute("value")));
  return {
    orders: await count("orders"),
    paidOrders: await count("paid-orders"),
    salesCents: await money("sales"),
    refundedCents: await money("refunded"),
    taxAndShippingCents: (await money("tax")) + (await money("shipping")),
    paymentsAwaiting: await count("payments-awaiting"),
    openReturns: await count("open-returns"),
  };
}

/** Takes a step on the desk's order page by its button, and waits until it is taken: the button goes, as the step is no longer open. */
async function stepOnDesk(page: Page, order: PlacedOrder, button: string) {
  await page.goto(`/admin-entry/orders/${order.id}`);
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page.getByTestId("step-status")).toBeVisible();
  await expect(page.getByRole("button", { name: button, exact: true })).toHaveCount(0);
}

test("three orders, two payments, a refund and a cancel move the dashboard by what they are worth; it reads the same without JavaScript", async ({
  page,
  browser,
}) => {
  await adminSession(page);
  // The dashboard comes first in the admin's list; the admin's own page stays the spec's "Add a product".
  await page.goto("/admin-entry");
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link").first()).toHaveAttribute("href", "/admin-entry/dashboard");
  const before = await totals(page);
  const [lamp, mug, pen] = [demoProducts[2], demoProducts[5], demoProducts[7]];

  const kept = await placeOrderInSuiteStore(`dashboard-kept-${run}@example.com`, { [lamp.id]: 2 }, { delivered: true });
  const refunded = await placeOrderInSuiteStore(`dashboard-refunded-${run}@example.com`, { [mug.id]: 1 }, { delivered: true });
  const cancelled = await placeOrderInSuiteStore(`dashboard-cancelled-${run}@example.com`, { [pen.id]: 1 });
  const placed = await totals(page);
  expect(placed).toEqual({ ...before, orders: before.orders + 3, paymentsAwaiting: before.paymentsAwaiting + 3 });

  await stepOnDesk(page, kept, "Record payment");
  // What the kept order charged beyond its goods (no discount): its tax and shipping, which the dashboard shows apart.
  const orderTotal = async () =>
    cents(Number(((await page.getByTestId("order-total").first().innerText()).match(/\$([\d,]+\.\d\d)/)?.[1] ?? "").replaceAll(",", "")));
  const keptTaxAndShipping = (await orderTotal()) - 2 * cents(lamp.price);
  expect(keptTaxAndShipping).toBeGreaterThan(0);
  await stepOnDesk(page, refunded, "Record payment");
  const shownTotal = (await page.getByTestId("order-total").first().innerText()).match(/\$([\d,]+\.\d\d)/)?.[1] ?? "";
  const refundedTotal = cents(Number(shownTotal.replaceAll(",", "")));
  expect(refundedTotal).toBeGreaterThan(cents(mug.price));
  await stepOnDesk(page, refunded, "Record refund");
  await stepOnDesk(page, cancelled, "Cancel order");

  const after = await totals(page);
  expect(after).toEqual({
    orders: before.orders + 3,
    paidOrders: before.paidOrders + 2,
    // The kept order's goods; the refunded order's all came back.
    salesCents: before.salesCents + 2 * cents(lamp.price),
    refundedCents: before.refundedCents + refundedTotal,
    // The refunded order's tax and shipping came back with it.
    taxAndShippingCents: before.taxAndShippingCents + keptTaxAndShipping,
    paymentsAwaiting: before.paymentsAwaiting,
    openReturns: before.openReturns,
  });
  await expect(page.getByTestId("dashboard-top").getByRole("row", { name: new RegExp(lamp.name) })).toBeVisible();
  // Today is the chart's last bar, and its table's last row says the day's sales.
  await expect(page.getByTestId("sales-chart").locator("svg rect").last()).toHaveAttribute("data-value", /^[1-9]\d*$/);
  await expect(page.getByTestId("orders-chart").locator("table tbody tr")).toHaveCount(30);

  // Without JavaScript: the same figures, and the settings saved by the plain form (then put back).
  // The pen's stock, 7, is low once the level is 7 or more.
  const penStock = await stockInSuiteStore(pen.id);
  await setStockInSuiteStore(pen.id, 7, penStock);
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const noScript = await context.newPage();
  expect(await totals(noScript)).toEqual(after);
  await expect(noScript.getByTestId("dashboard-stock").getByRole("row", { name: pen.name })).toHaveCount(0);
  await noScript.getByLabel("Low stock at or under").fill("7");
  await noScript.getByLabel("Time zone of the days").selectOption("America/Chicago");
  await noScript.getByRole("button", { name: "Save" }).click();
  await expect(noScript.getByTestId("dashboard-notice")).toHaveText(/^Saved/);
  await expect(noScript.getByTestId("dashboard-range")).toContainText("in America/Chicago.");
  await expect(noScript.getByTestId("dashboard-stock").getByRole("row", { name: pen.name })).toContainText("7");
  await setStockInSuiteStore(pen.id, penStock, 7);
  await noScript.getByLabel("Low stock at or under").fill("5");
  await noScript.getByLabel("Time zone of the days").selectOption("UTC");
  await noScript.getByRole("button", { name: "Save" }).click();
  await expect(noScript.getByTestId("dashboard-range")).toContainText("in UTC.");
  await context.close();

  // A phone: nothing past the edge, and axe finds nothing.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin-entry/dashboard");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
});
