import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { adminSession } from "./helpers/accounts";
import { productCount, productsNamed } from "./helpers/db";
import { pageReady } from "./helpers/page-ready";

/**
 * The catalogue as CSV on the products page (issue 42, item 4): the operator
 * imports new products from a spreadsheet's file and finds them in the shop;
 * downloads the whole catalogue, imports it back, and downloads it again
 * the same, byte for byte; a file with rows to fix is refused whole, each
 * row named by its line. (The admin's pages need JavaScript, as its sign-in
 * does: DECISIONS "Before JavaScript".)
 */

const run = Date.now().toString(36);
const HEADER = "name,type,price,details,image1,image1Alt,image2,image2Alt";

async function importFile(page: Page, name: string, content: string) {
  await page
    .getByLabel("Import products from a CSV file", { exact: true })
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(content) });
  await page.getByRole("button", { name: "Import", exact: true }).click();
}

async function downloadCatalogue(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the catalogue (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^storefront-catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
  return readFile((await download.path())!, "utf8");
}

test("an operator imports two products from a CSV file, exports the catalogue, imports it back, and exports it again the same", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await adminSession(page);
  await page.goto("/admin-entry/products");
  await pageReady(page);
  const lamp = `CSV Lamp ${run}`;
  const plus = `+Plus Lamp ${run}`;
  await importFile(
    page,
    "two.csv",
    [
      HEADER,
      `${lamp},Electronics,19.50,"A lamp from a spreadsheet, with a comma",/products/aurora-anc-headphones.webp,Lamp from the front,/products/ace-carbon-tennis-racket.webp,`,
      `'${plus},Sport,7,Its name starts with a plus,/products/ace-carbon-tennis-racket.webp,,,`,
    ].join("\r\n"),
  );
  const answer = page.getByTestId("catalogue-import-answer");
  await expect(answer).toHaveText("Imported 2 products.");
  await expect(answer).toBeFocused();
  expect((await productsNamed(lamp)).map((row) => [row.type, row.price_cents])).toEqual([["Electronics", 1950]]);
  expect((await productsNamed(plus)).map((row) => [row.type, row.price_cents])).toEqual([["Sport", 700]]);

  // The shop shows them at once: their search, and the new lamp's gallery with the alt texts given or taken from its name.
  await page.goto(`/search?q=${encodeURIComponent(`CSV Lamp ${run}`)}`);
  await page
    .getByRole("link", { name: new RegExp(lamp) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: lamp, exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: "Lamp from the front", exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: lamp, exact: true }).first()).toBeAttached();

  await page.goto("/admin-entry/products");
  await pageReady(page);
  const first = await downloadCatalogue(page);
  const lines = first
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toMatch(/^id,name,type,price,details,createdAt,image1,image1Alt,/);
  expect(lines.length - 1).toBe(await productCount());
  expect(first).toContain(`,'${plus},Sport,7.00,`);

  const count = await productCount();
  await importFile(page, "catalogue.csv", first);
  await expect(answer).toHaveText(`Imported ${count.toLocaleString("en-US")} products.`);
  expect(await productCount()).toBe(count);
  expect(await downloadCatalogue(page)).toBe(first);
});

test("a file with rows to fix imports nothing and names each row by its line", async ({ page }) => {
  await adminSession(page);
  await page.goto("/admin-entry/products");
  await pageReady(page);
  const count = await productCount();
  await importFile(
    page,
    "bad.csv",
    [
      HEADER,
      `Good Lamp ${run},Electronics,5,Fine,/products/aurora-anc-headphones.webp,,,`,
      `Toy ${run},Toys,5,"Two`,
      `lines",/products/aurora-anc-headphones.webp,,,`,
      `Dear Lamp ${run},Electronics,12.345,Too exact,/products/aurora-anc-headphones.webp,,,`,
    ].join("\n"),
  );
  const answer = page.getByTestId("catalogue-import-answer");
  await expect(answer.getByText("Nothing was imported: 2 rows need fixing first.")).toBeVisible();
  await expect(answer.getByRole("listitem")).toHaveText([
    /^Line 3: type: Type must be one of/,
    /^Line 5: price: Price may have at most two decimals/,
  ]);
  expect(await productCount()).toBe(count);
  expect(await productsNamed(`Good Lamp ${run}`)).toEqual([]);

  await importFile(page, "stock.csv", `${HEADER},stock\r\nLamp,Electronics,5,d,/p.webp,,,,3\r\n`);
  await expect(answer.getByText("Nothing was imported: the file cannot be read as the catalogue.")).toBeVisible();
  await expect(answer.getByRole("listitem")).toHaveText([/^Line 1: Unknown column "stock": the columns are id, name,/]);
  expect(await productCount()).toBe(count);
});
