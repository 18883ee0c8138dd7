import { existsSync, readdirSync } from "node:fs";
import { join, sep } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { PHOTO_ERRORS } from "../../lib/images/photo-rules";
import { PDF_BYTES, cameraPhoto, hugePngHeader } from "../helpers/photos";
import { signInAsAdmin } from "./helpers/accounts";
import { ownContexts } from "./helpers/own-contexts";
import { pageReady } from "./helpers/page-ready";
import { bucketKeys, suitePhotoBucket } from "./helpers/photo-bucket";
import { e2eBackend } from "./support";

/**
 * The operator uploads a product's photo with the add and edit forms
 * (lib/admin/product-photo.ts): the storefront shows it in the widths made
 * at upload, each served once and cached for a year; a bad file is refused
 * with its reason and stores nothing. (The admin's pages need JavaScript, as
 * its sign-in does: DECISIONS "Before JavaScript".)
 */

const run = Date.now().toString(36);
const newContext = ownContexts(test);

/**
 * Where this pass's shop keeps photos, and the widths it holds: the Cloud
 * Storage stand-in's bucket in the Firestore pass, as a Vercel shop's bucket
 * (scripts/local.mjs writes where), else the media folder
 * (scripts/lib/local-env.mjs: MEDIA_DIR).
 */
async function stored(): Promise<{ place: "bucket" | "folder"; keys: string[] }> {
  const bucket = suitePhotoBucket();
  if (bucket) return { place: "bucket", keys: await bucketKeys(bucket, "photos/") };
  const folder = join(process.env.E2E_DATA_DIR ?? ".data-e2e", "media");
  const keys = existsSync(folder) ? readdirSync(folder, { recursive: true }).map((name) => String(name).split(sep).join("/")) : [];
  return { place: "folder", keys: keys.filter((key) => key.endsWith(".webp")) };
}

async function fillProduct(page: Page, name: string) {
  await page.locator("#productName").fill(name);
  await page.locator("#productPrize").fill("31.00");
  await page.locator("#productDetails").fill("A lamp photographed by its operator.");
  await page.locator("#productType").selectOption("Electronics");
}

/** The product's details page, found by searching for its name. */
async function openProduct(page: Page, name: string) {
  await page.goto(`/search?q=${encodeURIComponent(name)}`);
  await page
    .getByRole("link", { name: new RegExp(name) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/details-page\//);
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
}

test("a photo uploaded with a new product shows on the storefront in its widths, each cached for a year", async ({ page, request }) => {
  await signInAsAdmin(page);
  const name = `Photo Lamp ${run}`;
  await fillProduct(page, name);
  await page.locator("#productPhoto").setInputFiles({ name: "lamp.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto(1000) });
  await expect(page.getByRole("img", { name: "The chosen photo" })).toBeVisible();
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByRole("status")).toHaveText(`Added “${name}” to the catalogue.`);
  await expect(page.getByRole("img", { name: "The chosen photo" }), "the reset form drops the preview").toHaveCount(0);

  await openProduct(page, name);
  const picture = page.getByRole("img", { name }).first();
  const src = await picture.getAttribute("src");
  expect(src).toMatch(/^\/media\/photos\/[a-z0-9]{20}\/800\.webp$/);
  const folder = src!.replace(/800\.webp$/, "");
  const id = folder.split("/").at(-2)!;
  const photos = await stored();
  expect(photos.place, "photos kept where a deployed shop of this store keeps them").toBe(e2eBackend === "firestore" ? "bucket" : "folder");
  expect(photos.keys.filter((key) => key.includes(id)).sort()).toEqual([`photos/${id}/400.webp`, `photos/${id}/800.webp`]);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  for (const width of [400, 800]) {
    const response = await request.get(`${folder}${width}.webp`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/webp");
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, s-maxage=31536000, immutable");
  }
  expect((await request.get(`${folder}1200.webp`)).status(), "no width beyond those made").toBe(404);

  // On a phone the card takes the small width.
  const phone = await (await newContext(page.context().browser()!, { viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto(`/search?q=${encodeURIComponent(name)}`);
  const card = phone.getByRole("img", { name }).first();
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(`${folder}400.webp`);
});

test("a bad file is refused with its reason and stores nothing; a file too large is refused before it is sent", async ({ page }) => {
  await signInAsAdmin(page);
  const before = (await stored()).keys;
  for (const [file, reason] of [
    [{ name: "lamp.jpg", mimeType: "image/jpeg", buffer: PDF_BYTES }, PHOTO_ERRORS.notAnImage],
    [
      { name: "huge.png", mimeType: "image/png", buffer: hugePngHeader() },
      "The photo is 40,000 × 40,000 pixels: at most 50 million pixels are taken.",
    ],
  ] as const) {
    const name = `Refused Lamp ${file.name} ${run}`;
    await fillProduct(page, name);
    await page.locator("#productPhoto").setInputFiles(file);
    await page.getByRole("button", { name: "Add product" }).click();
    await expect(page.locator("#productPhoto-error")).toHaveText(reason);
    await expect(page.locator("#productPhoto")).toBeFocused();
    await expect(page.locator("#productName"), "the typed values are kept").toHaveValue(name);
  }
  expect((await stored()).keys).toEqual(before);

  await page.locator("#productPhoto").setInputFiles({ name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(4 * 1024 * 1024 + 1) });
  await expect(page.getByRole("alert").filter({ hasText: PHOTO_ERRORS.tooLarge })).toBeVisible();
  expect(await page.locator("#productPhoto").evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
});

test("a photo smaller than the largest width keeps its own size; the edit form adds a photo after it, and removing the first makes it the card image", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const name = `Small Photo Lamp ${run}`;
  await fillProduct(page, name);
  await page.locator("#productPhoto").setInputFiles({ name: "lamp.png", mimeType: "image/png", buffer: await cameraPhoto(600) });
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByRole("status")).toHaveText(`Added “${name}” to the catalogue.`);

  await openProduct(page, name);
  const first = await page.getByRole("img", { name }).first().getAttribute("src");
  expect(first, "a 600 px photo's largest width is its own").toMatch(/^\/media\/photos\/[a-z0-9]{20}\/600\.webp$/);

  // Its admin page, by the id in the details page's address.
  const id = new URL(page.url()).pathname.split("/").pop()!;
  await page.goto(`/admin-entry/products/${id}`);
  await pageReady(page);
  // Dropped on the form's drop zone, as a file dragged from the desktop arrives: the zone hands it to the file field.
  const dropped = await page.evaluateHandle(
    (base64) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], "lamp.jpg", { type: "image/jpeg" }));
      return transfer;
    },
    (await cameraPhoto(1000)).toString("base64"),
  );
  const zone = page.getByTestId("photo-drop-zone");
  await zone.dispatchEvent("dragover", { dataTransfer: dropped });
  await zone.dispatchEvent("drop", { dataTransfer: dropped });
  await expect(page.getByRole("img", { name: "The chosen photo" })).toBeVisible();
  expect(await page.locator("#productPhoto").evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe("lamp.jpg");
  await page.locator("#productImageAlt").fill("The lamp, lit");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("edit-status")).toHaveText(`Saved “${name}”.`);
  const rows = page.getByTestId("image-row");
  await expect(rows).toHaveCount(2);
  const added = await rows.nth(1).locator('input[name="imageSrc"]').inputValue();
  expect(added).toMatch(/^\/media\/photos\/[a-z0-9]{20}\/800\.webp$/);

  await rows.nth(0).getByLabel("Remove").check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("edit-status")).toHaveText(`Saved “${name}”.`);
  await expect(rows).toHaveCount(1);
  await openProduct(page, name);
  await expect(page.getByRole("img", { name: "The lamp, lit" })).toHaveAttribute("src", added);
});
