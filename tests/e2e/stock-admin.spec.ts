import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { addToCartOverHttp } from "./helpers/cart-over-http";
import { baseURL } from "../../playwright.config";
import { signInAsAdmin } from "./helpers/accounts";
import { productsNamed } from "./helpers/db";
import { freshShopConfig, removeShopData, startShop, stopShop, type ShopConfig, type ShopProcess } from "./helpers/shop-process";
import { cartReady, fillCheckout, type CheckoutEntry } from "./helpers/shopper-checkout";
import { ordersOfEmail, setStockInSuiteStore, stockInSuiteStore } from "./helpers/stock";
import { e2eBackend } from "./support";
import { pageReady } from "./helpers/page-ready";

// Issue 28, item 6, the operator's side and the last unit: the admin form's
// optional Stock (added with a product, shown again, cleared by a blank, a
// save refused when a sale moved the stock since the form opened, nothing
// changed), and two guests ordering the last unit at the same moment:
// exactly one order, the other shopper told why, the stock at 0. On
// Firestore the two shoppers go through two instances of the shop on one
// database; on SQLite (a file belongs to one process) through one.
// Adds a product of its own (tests/e2e/passes.json catalogueWrites).

const run = Date.now().toString(36);
const NAME = `Stock Lamp ${run}`;
// The suite's other extra shops take the suite's port + 50, 60, 70, 80, 85 and 90.
const portB = Number(new URL(baseURL).port) + 71;

test.describe.configure({ mode: "serial" });

let admin: Page;
let productId = "";
let shopB: ShopProcess | null = null;
let configB: ShopConfig | null = null;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  // A second instance of the shop on the same database, for the race (Firestore: a database two processes share).
  if (e2eBackend === "firestore") {
    configB = await freshShopConfig(portB, { shareSuiteStore: true });
    shopB = await startShop(configB);
  }
});

test.afterAll(async () => {
  await admin?.context().close();
  if (shopB) await stopShop(shopB);
  if (configB) removeShopData(configB);
});

const stockField = () => admin.locator("#productStock");
const status = () => admin.getByTestId("edit-status");

/** The product's editor, opened afresh: the form carries the stock as it is now. */
async function openEditor(): Promise<void> {
  await admin.goto(`/admin-entry/products/${productId}`);
  await expect(admin.getByRole("heading", { name: NAME, level: 1 })).toBeVisible();
  await pageReady(admin);
}

/** Types a stock into the open editor and saves. */
async function saveStock(stock: string): Promise<void> {
  await stockField().fill(stock);
  await admin.getByRole("button", { name: "Save changes" }).click();
}

test("the operator sets a product's stock in the admin form: shown again, cleared by a blank, refused when a sale moved it since the form opened", async () => {
  await admin.goto("/admin-entry");
  await admin.locator("#productName").fill(NAME);
  await admin.locator("#productImage").fill("https://images.example.com/stock-lamp.jpg");
  await admin.locator("#productPrize").fill("18.00");
  await admin.locator("#productDetails").fill(`${NAME}, for the stock spec.`);
  await admin.locator("#productType").selectOption("Electronics");
  await admin.locator("#productStock").fill("3");
  await admin.getByRole("button", { name: "Add product" }).click();
  await expect(admin.getByRole("status")).toHaveText(`Added “${NAME}” to the catalogue.`, { timeout: 20_000 });
  [{ id: productId }] = await productsNamed(NAME);
  expect(await stockInSuiteStore(productId)).toBe(3);

  // The editor and the list show it again.
  await openEditor();
  await expect(stockField()).toHaveValue("3");
  await admin.goto(`/admin-entry/products?q=${encodeURIComponent(NAME)}`);
  const row = admin.getByTestId("admin-product-row").filter({ has: admin.getByRole("link", { name: NAME, exact: true }) });
  await expect(row.getByTestId("admin-product-stock")).toHaveText("3");

  // A blank stops tracking it; a count starts again. Each shown again on a fresh page.
  await openEditor();
  await saveStock("");
  await expect(status()).toHaveText(`Saved “${NAME}”.`);
  expect(await stockInSuiteStore(productId)).toBeNull();
  await openEditor();
  await expect(stockField()).toHaveValue("");
  await saveStock("3");
  await expect(status()).toHaveText(`Saved “${NAME}”.`);
  await openEditor();
  await expect(stockField()).toHaveValue("3");
  expect(await stockInSuiteStore(productId)).toBe(3);

  // A sale (another process) moves the stock after the form opened: the operator's save is refused by name, nothing changes.
  await setStockInSuiteStore(productId, 2, 3);
  await admin.locator("#productName").fill(`${NAME} renamed`);
  await saveStock("5");
  await expect(status()).toContainText("The stock changed since you opened this product");
  await expect(status()).toContainText("it is now 2.");
  await expect(status()).toContainText("Nothing was saved");
  await expect(stockField()).toHaveValue("5");
  await expect(admin.locator("#productName")).toHaveValue(`${NAME} renamed`);
  expect(await stockInSuiteStore(productId)).toBe(2);
  expect(await productsNamed(`${NAME} renamed`)).toEqual([]);
  expect((await productsNamed(NAME)).length).toBe(1);
});

const shopper = (email: string, name: string): CheckoutEntry => ({
  email,
  name,
  phone: "",
  country: "US",
  line1: "1 Main Street",
  line2: "",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
});

/** A guest's context on `url` with the product in the cart, left on a filled-in checkout. */
async function guestAtCheckout(browser: Browser, url: string, entry: CheckoutEntry): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await addToCartOverHttp(page, productId);
  await page.goto("/checkout-page");
  await cartReady(page);
  await expect(page.getByTestId("checkout-line")).toContainText(NAME);
  await fillCheckout(page, entry);
  return { context, page };
}

/** Where a shopper's "Place order" ended: the order's page, the checkout with a problem, or not yet either. */
async function outcome(page: Page): Promise<"placed" | "refused" | "pending"> {
  if (new URL(page.url()).pathname.startsWith("/orders-page/")) return "placed";
  return (await page
    .getByTestId("checkout-problem")
    .isVisible()
    .catch(() => false))
    ? "refused"
    : "pending";
}

test("two shoppers order the last unit at the same moment: exactly one order is placed, the other is told it is out of stock, the stock is 0", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The operator leaves one, through the form (which expires the pages showing it).
  await openEditor();
  await saveStock("1");
  await expect(status()).toHaveText(`Saved “${NAME}”.`);
  expect(await stockInSuiteStore(productId)).toBe(1);

  const emails = [`last-unit-a-${run}@example.com`, `last-unit-b-${run}@example.com`];
  const first = await guestAtCheckout(browser, baseURL, shopper(emails[0], "Ada Racer"));
  const second = await guestAtCheckout(browser, shopB ? shopB.config.url : baseURL, shopper(emails[1], "Grace Racer"));

  // Both submit at once: two requests in flight together (through two instances on Firestore).
  await Promise.all([first.page, second.page].map((page) => page.getByRole("button", { name: "Place order" }).click()));
  await expect
    .poll(async () => [await outcome(first.page), await outcome(second.page)].sort(), { timeout: 30_000 })
    .toEqual(["placed", "refused"]);

  const loser = (await outcome(first.page)) === "refused" ? first.page : second.page;
  await expect(loser).toHaveURL(/\/checkout-page$/);
  await expect(loser.getByTestId("checkout-problem")).toContainText(`Too few of “${NAME}” are in stock`);
  await expect(loser.getByTestId("checkout-line").filter({ hasText: NAME }).getByTestId("line-problem")).toContainText("in stock");

  // The store: one order holds the product, and none is left.
  const orders = (await Promise.all(emails.map(ordersOfEmail))).flat().filter((order) => order.productIds.includes(productId));
  expect(orders).toHaveLength(1);
  expect(await stockInSuiteStore(productId)).toBe(0);
  await Promise.all([first.context.close(), second.context.close()]);
});
