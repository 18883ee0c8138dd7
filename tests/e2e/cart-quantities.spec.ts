import { expect, test, type Locator, type Page } from "@playwright/test";
import { addToCartOverHttp } from "./helpers/cart-over-http";
import { axeViolations } from "./helpers/axe";
import { demoProducts } from "./support";
import { pageReady as ready } from "./helpers/page-ready";

// The cart's quantity stepper (issue 14, item 1): minus, the typed number and
// plus, optimistic and persisted, live in the shopper's other tabs, with the
// totals and the badge following; keyboard and axe as a person expects.

const usd = (value: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(value);
const badge = (page: Page) => page.getByTestId("cart-count");

/** Waits for the next server action's answer while `act` runs. */
async function persisted(page: Page, act: () => Promise<void>) {
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && Boolean(r.request().headers()["next-action"]));
  await act();
  await answered;
}

const lineOf = (page: Page, name: string): Locator => page.getByTestId("cart-line").filter({ hasText: name });

test("the stepper's plus, minus and typed number change the line, its total, the subtotal and the badge, and persist", async ({ page }) => {
  const lamp = demoProducts[3];
  await addToCartOverHttp(page, lamp.id);
  await page.goto("/cart-page");
  await ready(page);
  const line = lineOf(page, lamp.name);
  const input = line.getByRole("textbox", { name: `Quantity of ${lamp.name}` });
  await expect(input).toHaveValue("1");
  await expect(line.getByRole("group", { name: `Quantity of ${lamp.name}` })).toBeVisible();

  await persisted(page, () => line.getByRole("button", { name: `One more ${lamp.name}` }).click());
  await expect(input).toHaveValue("2");
  await expect(badge(page)).toHaveText("2");
  await expect(line.getByTestId("line-total")).toHaveText(usd(lamp.price * 2));

  await input.fill("12");
  await persisted(page, () => input.press("Enter"));
  await expect(input).toHaveValue("12");
  await expect(badge(page)).toHaveText("12");
  await expect(page.getByTestId("subtotal")).toHaveText(`Subtotal (12 items): ${usd((Math.round(lamp.price * 100) * 12) / 100)} USD`);

  await persisted(page, () => line.getByRole("button", { name: `One fewer ${lamp.name}` }).click());
  await expect(input).toHaveValue("11");

  // Persisted: a reload reads 11 back from the store.
  await page.reload();
  await ready(page);
  await expect(lineOf(page, lamp.name).getByRole("textbox", { name: `Quantity of ${lamp.name}` })).toHaveValue("11");
});

test("a number outside 1 to 999 is refused in words and changes nothing; 999 is the most, and plus stops there", async ({ page }) => {
  const mug = demoProducts[5];
  await addToCartOverHttp(page, mug.id);
  await page.goto("/cart-page");
  await ready(page);
  const line = lineOf(page, mug.name);
  const input = line.getByRole("textbox", { name: `Quantity of ${mug.name}` });
  // Every digit typed is read: 1000 and 99999 are refused, never cut to 100 or 999.
  for (const typed of ["0", "00", "-5", "abc", "1.5", "", "1000", "99999"]) {
    await input.fill(typed);
    await input.press("Enter");
    await expect(line.getByRole("alert")).toHaveText("Enter a quantity from 1 to 999.");
    await expect(input).toHaveValue("1");
    await expect(input).toHaveAttribute("aria-invalid", "true");
  }
  await input.fill("999");
  await persisted(page, () => input.press("Tab"));
  await expect(input).toHaveValue("999");
  await expect(line.getByRole("alert")).toHaveCount(0);
  // Plus stops there, focusable and saying why (aria-disabled: a disabled button would drop focus).
  const plus = line.getByRole("button", { name: `One more ${mug.name}` });
  await expect(plus).toBeDisabled();
  await expect(plus).toHaveAccessibleDescription("999 is the most a line holds.");
  await page.reload();
  await ready(page);
  await expect(lineOf(page, mug.name).getByRole("textbox", { name: `Quantity of ${mug.name}` })).toHaveValue("999");
});

test("a double click on minus at 2 leaves 1: minus stops there and never removes; Delete is the way out", async ({ page }) => {
  const book = demoProducts[8];
  await addToCartOverHttp(page, book.id);
  await page.goto("/cart-page");
  await ready(page);
  const line = lineOf(page, book.name);
  await persisted(page, () => line.getByRole("button", { name: `One more ${book.name}` }).click());
  await expect(line.getByRole("textbox")).toHaveValue("2");
  const minus = line.getByRole("button", { name: `One fewer ${book.name}` });
  await persisted(page, () => minus.dblclick());
  await expect(line.getByRole("textbox")).toHaveValue("1");
  await expect(minus).toBeDisabled();
  await minus.click({ force: true });
  await page.waitForTimeout(500);
  await expect(line).toHaveCount(1);
  await expect(line.getByRole("textbox")).toHaveValue("1");
  await expect(badge(page)).toHaveText("1");
  await expect(page.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await persisted(page, () => line.getByRole("button", { name: `Delete ${book.name}` }).click());
  await expect(page.getByText("no items in cart")).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
});

test("a quantity set in one tab reaches the shopper's other tab live, with its badge", async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  const second = await context.newPage();
  const speaker = demoProducts[10];
  await addToCartOverHttp(first, speaker.id);
  await second.goto("/cart-page");
  await ready(second);
  await first.goto("/cart-page");
  await ready(first);
  const input = lineOf(first, speaker.name).getByRole("textbox", { name: `Quantity of ${speaker.name}` });
  await input.fill("7");
  await persisted(first, () => input.press("Enter"));
  await expect(lineOf(second, speaker.name).getByRole("textbox", { name: `Quantity of ${speaker.name}` })).toHaveValue("7", {
    timeout: 10_000,
  });
  await expect(badge(second)).toHaveText("7");
  await context.close();
});

test("axe with every rule finds no violation on the cart with steppers", async ({ page }) => {
  await addToCartOverHttp(page, demoProducts[1].id);
  await page.goto("/cart-page");
  await ready(page);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
});
