import { expect, test } from "@playwright/test";
import { cameraPhoto } from "../helpers/photos";
import { signInAsAdmin } from "./helpers/accounts";
import { axeViolations } from "./helpers/axe";
import { productsNamed } from "./helpers/db";
import { delayActionAnswers } from "./helpers/late-action-answers";
import { ownContexts } from "./helpers/own-contexts";
import { pageReady } from "./helpers/page-ready";

/**
 * A product's several images (issue 42, item 3): the operator adds them one
 * save at a time (a photo, or an address), orders them and gives each its alt
 * text on the product's admin page; the shopper's details page shows each
 * large with a thumbnail that leads to it, by pointer, by keyboard and
 * without JavaScript (components/product/product-gallery.tsx), and fits
 * every width from a small phone to a wide screen.
 */

const run = Date.now().toString(36);
const newContext = ownContexts(test);
/** One of the shop's own pictures, as an operator may give an address. */
const OWN_PICTURE = "/products/ace-carbon-tennis-racket.webp";
const WIDTHS = [320, 390, 768, 1280, 1920];
const AXE_WIDTHS = [390, 1280];

test("an operator builds a gallery of three images, orders and describes them; a shopper reaches each by thumbnail, keyboard and without JavaScript", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const name = `Gallery Lamp ${run}`;
  await page.locator("#productName").fill(name);
  await page.locator("#productPrize").fill("42.00");
  await page.locator("#productDetails").fill("A lamp shown from three sides.");
  await page.locator("#productType").selectOption("Electronics");
  await page.locator("#productPhoto").setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto(1000) });
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByRole("status")).toHaveText(`Added “${name}” to the catalogue.`);

  const [{ id }] = await productsNamed(name);
  await page.goto(`/admin-entry/products/${encodeURIComponent(id)}`);
  await pageReady(page);
  const rows = page.getByTestId("image-row");
  await expect(rows).toHaveCount(1);
  // A save is over when the page shows its result: the form remounted at the revision the save made
  // (product-editor.tsx). Neither the action's HTTP answer (it arrives before React renders it) nor the
  // status (it already reads "Saved" from the save before) says so, and a photo chosen before that
  // remount is dropped by it.
  const revision = page.locator('section[aria-labelledby="edit-product-title"] input[name="revision"]');
  const save = async () => {
    const before = Number(await revision.inputValue());
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(revision).toHaveValue(String(before + 1));
    await expect(page.getByRole("button", { name: "Save changes" })).toBeEnabled();
    await expect(page.getByTestId("edit-status")).toHaveText(`Saved “${name}”.`);
  };

  // A second photo, then an address, each with its own alt text.
  await page.locator("#productPhoto").setInputFiles({ name: "lit.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto(900) });
  await page.locator("#productImageAlt").fill("The lamp, lit");
  await save();
  await expect(rows).toHaveCount(2);
  await page.locator("#productImage").fill(OWN_PICTURE);
  await page.locator("#productImageAlt").fill("A racket beside it, for scale");
  await save();
  await expect(rows).toHaveCount(3);

  // The third moved up to second; the first described.
  await page.getByRole("button", { name: "Move image 3 up" }).click();
  const firstAlt = page.getByLabel("Alt text of image 1", { exact: true });
  await firstAlt.fill("The lamp, off");
  await expect(firstAlt).toHaveValue("The lamp, off");
  await save();
  // A third uploaded photo, last.
  await page.locator("#productPhoto").setInputFiles({ name: "top.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto(800) });
  await page.locator("#productImageAlt").fill("The lamp, from above");
  await save();
  await expect(rows).toHaveCount(4);
  const alts = ["The lamp, off", "A racket beside it, for scale", "The lamp, lit", "The lamp, from above"];
  for (const [i, alt] of alts.entries()) await expect(rows.nth(i).locator('input[name="imageAlt"]')).toHaveValue(alt);
  await expect(rows.nth(1).locator('input[name="imageSrc"]')).toHaveValue(OWN_PICTURE);
  for (const i of [0, 2, 3]) await expect(rows.nth(i).locator('input[name="imageSrc"]')).toHaveValue(/^\/media\/photos\//);

  // The shopper's page: each image large, in that order, the first the one the listing shows.
  const shopper = await (await newContext(browser)).newPage();
  await shopper.goto(`/details-page/${encodeURIComponent(id)}`);
  await pageReady(shopper);
  const slides = shopper.locator("main [id^='product-image-'] img");
  await expect(slides).toHaveCount(4);
  for (const [i, alt] of alts.entries()) await expect(slides.nth(i)).toHaveAttribute("alt", alt);
  await expect(slides.nth(0)).toBeInViewport();
  await expect(slides.nth(2)).not.toBeInViewport();

  // By keyboard: the third thumbnail, then Enter, brings the third image into view.
  const thumbnails = shopper.getByRole("navigation", { name: "Choose an image" }).getByRole("link");
  await expect(thumbnails).toHaveCount(4);
  await thumbnails.nth(2).focus();
  await shopper.keyboard.press("Enter");
  await expect(slides.nth(2)).toBeInViewport();
  await expect(slides.nth(0)).not.toBeInViewport();

  // The strip itself, by its arrow keys: one image on, one back.
  const strip = shopper.getByRole("list", { name: /^Images, 4/ });
  await strip.focus();
  await shopper.keyboard.press("ArrowRight");
  await expect(slides.nth(3)).toBeInViewport({ ratio: 0.9 });
  await shopper.keyboard.press("ArrowLeft");
  await expect(slides.nth(2)).toBeInViewport({ ratio: 0.9 });

  // At every width the page keeps to the screen, the large image and every thumbnail on it; axe finds nothing.
  for (const width of WIDTHS) {
    await shopper.setViewportSize({ width, height: 900 });
    await thumbnails.first().click();
    await expect(slides.nth(0)).toBeInViewport();
    const fit = await shopper.evaluate(() => {
      // As widths.spec measures it: how far the page scrolls sideways past what the window shows.
      const root = document.scrollingElement ?? document.documentElement;
      const edge = Math.min(window.innerWidth, root.clientWidth);
      const thumbs = [...document.querySelectorAll("nav[aria-label='Choose an image'] a")].map((a) => a.getBoundingClientRect());
      return {
        sideways: Math.max(0, root.scrollWidth - edge),
        thumbsOff: thumbs.filter((box) => box.left < 0 || box.right > edge + 0.5).length,
      };
    });
    expect(fit, `${width} px`).toEqual({ sideways: 0, thumbsOff: 0 });
    if (AXE_WIDTHS.includes(width)) expect(await axeViolations(shopper), `${width} px`).toEqual([]);
  }

  // Without JavaScript: every image is in the page, and each thumbnail is a link to its image.
  const plain = await (await newContext(browser, { javaScriptEnabled: false })).newPage();
  await plain.goto(`/details-page/${encodeURIComponent(id)}`);
  const plainSlides = plain.locator("main [id^='product-image-'] img");
  for (const [i, alt] of alts.entries()) await expect(plainSlides.nth(i)).toHaveAttribute("alt", alt);
  await plain.getByRole("link", { name: `Image 2: ${alts[1]}` }).click();
  await expect(plain).toHaveURL(/#product-image-2$/);
  await expect(plainSlides.nth(1)).toBeInViewport();
});

test("while the add or the edit form's save is answered its fields cannot change, so a photo chosen then is never dropped without a word", async ({
  page,
}) => {
  await delayActionAnswers(page, 1500);
  await signInAsAdmin(page);
  const name = `Slow Lamp ${run}`;
  const fields = ["#productName", "#productImage", "#productPhoto", "#productImageAlt", "#productPrize", "#productDetails", "#productType"];
  const expectFields = async (state: "disabled" | "enabled") => {
    for (const field of fields) {
      if (state === "disabled") await expect(page.locator(field), field).toBeDisabled();
      else await expect(page.locator(field), field).toBeEnabled();
    }
  };

  await page.locator("#productName").fill(name);
  await page.locator("#productPrize").fill("19.00");
  await page.locator("#productDetails").fill("A lamp saved over a slow line.");
  await page.locator("#productType").selectOption("Electronics");
  await page.locator("#productPhoto").setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto(600) });
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByRole("button", { name: "Adding…" })).toBeDisabled();
  await expectFields("disabled");
  await expect(page.getByRole("status")).toHaveText(`Added “${name}” to the catalogue.`);
  await expectFields("enabled");

  const [{ id }] = await productsNamed(name);
  await page.goto(`/admin-entry/products/${encodeURIComponent(id)}`);
  await pageReady(page);
  await page.locator("#productPhoto").setInputFiles({ name: "side.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto(500) });
  await page.locator("#productImageAlt").fill("The lamp, from the side");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("button", { name: "Saving…" })).toBeDisabled();
  await expectFields("disabled");
  await expect(page.getByLabel("Alt text of image 1", { exact: true })).toBeDisabled();
  await expect(page.getByTestId("edit-status")).toHaveText(`Saved “${name}”.`);
  await expectFields("enabled");
  const rows = page.getByTestId("image-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).locator('input[name="imageAlt"]')).toHaveValue("The lamp, from the side");
});
