import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./helpers/accounts";
import { addProductThroughForm } from "./helpers/admin-form";
import { ownContexts } from "./helpers/own-contexts";
import { productsNamed } from "./helpers/db";
import { pageReady } from "./helpers/page-ready";

/**
 * A sorted view open in a tab follows the catalogue like the plain listing:
 * a Sport product the admin adds at the lowest price shows first on
 * /sport?sort=price-asc, with nothing done in the tab (the live catch-up
 * refreshes the address the tab shows, which proxy.ts rewrites to the
 * sorted page); then a Sport product added at the highest price, on no page
 * the tab shows, repriced to 2 cents, joins it second (an edit expires its
 * type's pages by price or name: lib/catalog/tags.ts). Both refresh the tab
 * in place, as the plain listing does: the document is never loaded again
 * (a view's page renders on demand, so the router's RSC request for it is
 * answered through proxy.ts's rewrite: listingViewParams).
 */

const newContext = ownContexts(test);
const run = Date.now().toString(36);

test("a tab on a sorted view shows a product added at the lowest price first, its address and sort kept, and one repriced onto its page by an edit", async ({
  browser,
  baseURL,
}) => {
  const shopper = await (await newContext(browser, { baseURL })).newPage();
  await shopper.goto("/sport?sort=price-asc");
  await pageReady(shopper);
  // A mark on this document: a reload would drop it.
  await shopper.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));

  const name = `Penny Whistle ${run}`;
  const admin = await (await newContext(browser, { baseURL })).newPage();
  await signInAsAdmin(admin);
  await addProductThroughForm(admin, {
    name,
    image: "https://images.example.com/penny-whistle.jpg",
    price: "0.01",
    details: "The cheapest thing in Sport.",
    type: "Sport",
  });

  const names = shopper.locator("main article h3");
  await expect(names.first()).toHaveText(name, { timeout: 20_000 });
  await expect(shopper).toHaveURL(/\/sport\?sort=price-asc$/);
  await expect(shopper.getByLabel("Sort by")).toHaveValue("price-asc");

  // The dearest product added is on no page the tab shows (12 to a page). Its add refreshes the
  // tab (the count goes up) before its edit, so only the edit's expiry can bring it onto the page.
  const count = shopper.locator("main p", { hasText: / products?(,|$)/ });
  const before = Number((await count.textContent())!.split(" ")[0].replace(/,/g, ""));
  const dearest = `Gold Kettlebell ${run}`;
  await admin.goto("/admin-entry");
  await addProductThroughForm(admin, {
    name: dearest,
    image: "https://images.example.com/gold-kettlebell.jpg",
    price: "9999.00",
    details: "The dearest thing in Sport, for a while.",
    type: "Sport",
  });
  await expect(count).toHaveText(new RegExp(`^${(before + 1).toLocaleString("en-US")} products`), { timeout: 20_000 });
  await expect(names).not.toContainText([dearest]);
  const [{ id }] = await productsNamed(dearest);
  await admin.goto(`/admin-entry/products/${id}`);
  await pageReady(admin);
  await admin.locator("#productPrize").fill("0.02");
  await admin.getByRole("button", { name: "Save changes" }).click();
  await expect(admin.getByTestId("edit-status")).toHaveText(`Saved “${dearest}”.`);
  await expect(names.nth(1)).toHaveText(dearest, { timeout: 20_000 });
  expect(await shopper.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), "refreshed in place").toBe(true);
});
