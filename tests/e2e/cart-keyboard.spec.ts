import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { addToCartOverHttp } from "./helpers/cart-over-http";
import { tabTo } from "./helpers/keyboard";
import { demoProducts } from "./support";
import { pageReady as ready } from "./helpers/page-ready";
import { escapeRegExp as escape } from "./helpers/escape-regexp";

// The cart page with the keyboard alone (issue 26, items 4 and 5): minus stops
// at 1 and never removes, a typed quantity over 999 is refused in words with
// focus kept in the field, the arrow keys step, Delete moves focus to the next
// line (or the previous one, or the empty-cart text), and a Delete's toast
// can undo it, focus going to the line put back. Products are added with the
// mouse; on the cart page only keys are pressed.

const badge = (page: Page) => page.getByTestId("cart-count");
const lineOf = (page: Page, name: string): Locator => page.getByTestId("cart-line").filter({ hasText: name });
const removedToast = (page: Page, name: string) =>
  page.locator(".cart-toast-removed").filter({ hasText: `Removed “${name}” from your cart.` });

/** Counts the server actions the page sends (each cart change is one). */
function countActions(page: Page) {
  const sent = { count: 0 };
  page.on("request", (request) => {
    if (request.method() === "POST" && request.headers()["next-action"]) sent.count += 1;
  });
  return sent;
}

/** Waits for the next server action's answer while `act` runs. */
async function persisted(page: Page, act: () => Promise<void>) {
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && Boolean(r.request().headers()["next-action"]));
  await act();
  await answered;
}

/** The accessible name of whatever holds focus ("BODY" when focus was lost). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute("aria-label") ?? active?.textContent?.trim() ?? active?.tagName ?? "none";
  });

test("keyboard only: minus stops at 1, 99999 is refused in place, arrows step, Delete moves focus on, Undo brings the line back", async ({
  page,
}) => {
  const [lamp, mug] = [demoProducts[2], demoProducts[4]];
  await addToCartOverHttp(page, lamp.id, 2);
  await addToCartOverHttp(page, mug.id);
  await page.goto("/cart-page");
  await ready(page);
  const actions = countActions(page);
  const lampLine = lineOf(page, lamp.name);
  const lampQuantity = lampLine.getByRole("textbox", { name: `Quantity of ${lamp.name}` });
  await expect(lampQuantity).toHaveValue("2");

  // Minus twice at 2 (Space, as fast as keys go): one step down, then it stops at 1 and keeps focus.
  const minus = lampLine.getByRole("button", { name: `One fewer ${lamp.name}` });
  await tabTo(page, minus);
  await persisted(page, async () => {
    await page.keyboard.press("Space");
    await page.keyboard.press("Space");
  });
  await expect(lampQuantity).toHaveValue("1");
  await expect(minus).toBeFocused();
  await expect(minus).toHaveAttribute("aria-disabled", "true");
  await expect(minus).toHaveAccessibleDescription(`1 is the fewest: Delete removes ${lamp.name} from the cart.`);
  await page.keyboard.press("Space");
  await page.waitForTimeout(500);
  expect(actions.count, "only the first press changed the cart").toBe(1);
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(badge(page)).toHaveText("2");

  // 99999 is read whole and refused next to the field, with Enter or with Tab; focus stays in the field.
  await page.keyboard.press("Tab");
  await expect(lampQuantity).toBeFocused();
  for (const leave of ["Enter", "Tab"]) {
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("99999");
    await expect(lampQuantity).toHaveValue("99999");
    await page.keyboard.press(leave);
    await expect(lampLine.getByRole("alert")).toHaveText("Enter a quantity from 1 to 999.");
    await expect(lampQuantity).toBeFocused();
    await expect(lampQuantity).toHaveValue("1");
    await expect(lampQuantity).toHaveAttribute("aria-invalid", "true");
  }
  expect(actions.count, "a refused number changes nothing").toBe(1);

  // Arrow keys step within 1..999, each press one change.
  await persisted(page, () => page.keyboard.press("ArrowUp"));
  await expect(lampQuantity).toHaveValue("2");
  await expect(lampLine.getByRole("alert")).toHaveCount(0);
  await persisted(page, () => page.keyboard.press("ArrowUp"));
  await expect(lampQuantity).toHaveValue("3");
  await persisted(page, () => page.keyboard.press("ArrowDown"));
  await expect(lampQuantity).toHaveValue("2");
  await expect(badge(page)).toHaveText("3");
  await expect(lampQuantity).toBeFocused();

  // Delete the first line: focus goes to the next line's Delete.
  await tabTo(page, lampLine.getByRole("button", { name: `Delete ${lamp.name}` }));
  await persisted(page, () => page.keyboard.press("Enter"));
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  expect(await focused(page)).toBe(`Delete ${mug.name}`);
  await expect(badge(page)).toHaveText("1");

  // Its toast (bottom-right) can undo it: Tab reaches Undo, Enter puts the line back with its
  // quantity, at the end, and focus goes to its quantity field.
  const toast = removedToast(page, lamp.name);
  await expect(toast).toBeVisible();
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  const box = await toast.boundingBox();
  expect(box && box.x > viewport.width / 2 && box.y > viewport.height / 2, "bottom-right").toBe(true);
  await tabTo(page, toast.getByRole("button", { name: "Undo" }));
  // Focus in the toast holds it open: time enough for axe, every rule, on the lines (minus stopped at 1) and the toast.
  const axe = await new AxeBuilder({ page })
    .include('ul[aria-label="Cart items"]')
    .include(".cart-toast-removed")
    .options({
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice", "experimental"] },
    })
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await expect(toast).toBeVisible();
  await persisted(page, () => page.keyboard.press("Enter"));
  await expect(page.getByTestId("cart-line")).toHaveText([new RegExp(escape(mug.name)), new RegExp(escape(lamp.name))]);
  await expect(lampQuantity).toHaveValue("2");
  await expect(lampQuantity).toBeFocused();
  await expect(toast).toHaveCount(0);
  await expect(badge(page)).toHaveText("3");
  // Stored: the server's cart has the lamp back, 2 of it, after the mug.
  const stored = (await (await page.request.get("/api/cart")).json()) as { items: Array<{ id: string; cartQuantity: number }> };
  expect(stored.items.map((item) => [item.id, item.cartQuantity])).toEqual([
    [mug.id, 1],
    [lamp.id, 2],
  ]);

  // Delete the line at the end: focus goes to the previous line's Delete; delete that too: to the empty-cart text.
  await tabTo(page, lampLine.getByRole("button", { name: `Delete ${lamp.name}` }));
  await persisted(page, () => page.keyboard.press("Enter"));
  expect(await focused(page)).toBe(`Delete ${mug.name}`);
  await persisted(page, () => page.keyboard.press("Enter"));
  await expect(page.getByText("no items in cart")).toBeFocused();
  await expect(badge(page)).toHaveCount(0);

  // Stored: a reload shows the empty cart.
  await page.reload();
  await ready(page);
  await expect(page.getByText("no items in cart")).toBeVisible();
});

test("an undo the server cannot take is rolled back in words, and focus moves on from the line it took away", async ({ page }) => {
  const [book, speaker] = [demoProducts[8], demoProducts[10]];
  await addToCartOverHttp(page, book.id);
  await addToCartOverHttp(page, speaker.id, 3);
  await page.goto("/cart-page");
  await ready(page);
  const speakerLine = lineOf(page, speaker.name);
  await tabTo(page, speakerLine.getByRole("button", { name: `Delete ${speaker.name}` }));
  await persisted(page, () => page.keyboard.press("Enter"));
  // The last line went: focus goes to the previous line's Delete.
  expect(await focused(page)).toBe(`Delete ${book.name}`);

  // The next action (the undo) never reaches the shop.
  await page.route("**/*", (route) =>
    route.request().method() === "POST" && route.request().headers()["next-action"] ? route.abort() : route.fallback(),
  );
  await tabTo(page, removedToast(page, speaker.name).getByRole("button", { name: "Undo" }));
  await page.keyboard.press("Enter");
  await expect(page.locator(".cart-toast-error")).toHaveText(
    `${speaker.name} could not be put back. The cart could not be reached. Please try again.`,
  );
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  expect(await focused(page)).toBe(`Delete ${book.name}`);
  await page.unroute("**/*");
  await page.reload();
  await ready(page);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
});
