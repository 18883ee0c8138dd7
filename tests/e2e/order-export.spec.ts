import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { adminSession } from "./helpers/accounts";
import { placeOrderInSuiteStore } from "./helpers/orders";
import { pageReady } from "./helpers/page-ready";
import { demoProducts } from "./support";

/**
 * The accountant's export on the order desk (issue 42, item 4): the orders
 * of a range of UTC days as a CSV file, one row per line, each order's
 * figures on its first row; a day outside the range leaves its orders out;
 * a range the route cannot read is refused in words.
 */

const run = Date.now().toString(36);
const cents = (dollars: number) => Math.round(dollars * 100);

test("the operator downloads today's orders as CSV: each order's lines, its figures once; an earlier range has none of them", async ({
  page,
  request,
}) => {
  const email = `export-${run}@example.com`;
  const [lamp, mug] = [demoProducts[2], demoProducts[5]];
  const placed = await placeOrderInSuiteStore(email, { [lamp.id]: 2, [mug.id]: 1 });
  await adminSession(page);
  await page.goto("/admin-entry/orders");
  await pageReady(page);
  // Yesterday and today: the order is in it even when the day turned (UTC) between its placing and the export.
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const [today, yesterday] = [day(0), day(1)];
  await page.getByLabel("First day", { exact: true }).fill(yesterday);
  await page.getByLabel("Last day", { exact: true }).fill(today);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download orders (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`storefront-orders-${yesterday}-to-${today}.csv`);
  const rows: Record<string, string>[] = parse(await readFile((await download.path())!, "utf8"), { bom: true, columns: true });
  const ours = rows.filter((row) => row.reference === placed.reference);
  expect(ours.map((row) => [row.lineProductId, row.lineQuantity, row.email])).toEqual([
    [lamp.id, "2", email],
    [mug.id, "1", ""],
  ]);
  const lineTotals = ours.map((row) => Math.round(Number(row.lineTotal) * 100));
  expect(lineTotals).toEqual([cents(lamp.price) * 2, cents(mug.price)]);
  expect(Math.round(Number(ours[0].subtotal) * 100)).toBe(cents(lamp.price) * 2 + cents(mug.price));
  expect(ours[0].payment).toBe("Payment due");
  expect(ours[1].total).toBe("");

  const earlier = await page.request.get(`/admin-entry/orders.csv?from=${day(4)}&to=${day(2)}`);
  expect(earlier.status()).toBe(200);
  expect(await earlier.text()).not.toContain(placed.reference);

  const backwards = await page.request.get(`/admin-entry/orders.csv?from=${today}&to=${yesterday}`);
  expect(backwards.status()).toBe(400);
  expect(await backwards.text()).toBe("The last day comes before the first: give the days the other way round.\n");
  // Signed out, the link leads to the admin sign-in.
  const signedOut = await request.get(`/admin-entry/orders.csv?from=${today}&to=${today}`, { maxRedirects: 0 });
  expect(signedOut.status()).toBeGreaterThanOrEqual(300);
  expect(signedOut.status()).toBeLessThan(400);
  expect(signedOut.headers().location).toContain("/admin-signin");
});
