// §16 of docs/BENCHMARKS.md: an operator's photos (issue 42, item 6). On a
// freshly started shop, the admin (signed in, in the benchmarks' browser)
// adds a product with a 4 MB camera-sized photo, then gives it seven more
// through its edit page, one save each, as the forms take them: each photo
// timed from the press of "Add product" or "Save changes" until the form
// says it saved, and until a new shopper's page of the product shows it
// large. Run on each store: SQLite with the media folder, and the Firestore
// emulator with the Cloud Storage stand-in's bucket (the place a Vercel shop
// keeps photos). Then Lighthouse on the product's page with its gallery of 8,
// beside a product with one uploaded photo measured in the same run.
import sharp from "sharp";
import { LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD } from "../scripts/lib/local-env.mjs";
import { adminCookie } from "./lib/admin-session.mjs";
import { launchBrowser } from "./lib/chromium.mjs";
import { lighthouseRuns } from "./lighthouse.mjs";

export const GALLERY_PHOTOS = 8;
/** A phone camera's photo: 4,000 × 3,000 pixels, 3.9-4.15 MB as JPEG (the shop takes up to 4 MiB, 4,194,304 bytes). */
const PHOTO = { width: 4_000, height: 3_000, minBytes: 3_900_000, maxBytes: 4_150_000 };

/**
 * `count` JPEGs of PHOTO's size whose bytes land in its range: a colour
 * gradient with grain (grain is what makes a camera's JPEG large), each its
 * own hue. The grain's strength is found by bisection on the first and kept
 * for the others while their bytes stay in range.
 */
export async function cameraSizedPhotos(count) {
  const photos = [];
  let grain = null;
  for (let n = 0; n < count; n += 1) {
    const hue = n * 7;
    const photo = grain === null ? null : await gradientJpeg(hue, grain);
    if (photo && inRange(photo)) photos.push(photo);
    else {
      const found = await bisectGrain(hue);
      grain = found.grain;
      photos.push(found.photo);
    }
  }
  return photos;
}

const inRange = (photo) => photo.length >= PHOTO.minBytes && photo.length <= PHOTO.maxBytes;

async function bisectGrain(hue) {
  let [low, high] = [0, 256];
  for (let step = 0; step < 14; step += 1) {
    const grain = (low + high) / 2;
    const photo = await gradientJpeg(hue, grain);
    if (inRange(photo)) return { grain, photo };
    if (photo.length < PHOTO.minBytes) low = grain;
    else high = grain;
  }
  throw new Error(`no grain gave a JPEG of ${PHOTO.minBytes}-${PHOTO.maxBytes} bytes`);
}

function gradientJpeg(hue, grain) {
  const { width, height } = PHOTO;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = (0x9e3779b9 ^ hue) >>> 0;
  for (let y = 0, i = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1, i += 3) {
      seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
      const noise = ((seed >>> 24) / 255 - 0.5) * grain;
      pixels[i] = clampByte((x / width) * 200 + hue + noise);
      pixels[i + 1] = clampByte((y / height) * 180 + noise);
      pixels[i + 2] = clampByte(220 - (x / width) * 120 - hue / 2 + noise);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

const clampByte = (value) => Math.max(0, Math.min(255, Math.round(value)));

/** A browser context signed in as the local admin (bench/lib/admin-session.mjs), on `baseURL`. */
async function adminContext(browser, baseURL, authHost) {
  const cookie = await adminCookie(baseURL, { authHost, email: LOCAL_ADMIN_EMAIL, password: LOCAL_ADMIN_PASSWORD });
  const context = await browser.newContext({ baseURL });
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseURL };
    }),
  );
  return context;
}

/** Adds a product with its first photo; the time until the form says so, and the product's id (from the form's "Edit it" link). */
async function addWithPhoto(page, name, photo) {
  await page.goto("/admin-entry");
  await page.locator("#productName").fill(name);
  await page.locator("#productPrize").fill("129.00");
  await page.locator("#productDetails").fill("A camera shown from every side, each photo as its phone took it.");
  await page.locator("#productType").selectOption("Electronics");
  await page.locator("#productPhoto").setInputFiles({ name: "photo-1.jpg", mimeType: "image/jpeg", buffer: photo });
  const started = performance.now();
  await page.getByRole("button", { name: "Add product" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: `Added “${name}”` })
    .waitFor({ timeout: 60_000 });
  const savedMs = performance.now() - started;
  const edit = await page.getByRole("link", { name: "Edit it, add photos" }).getAttribute("href");
  return { started, savedMs, id: decodeURIComponent(edit.split("/").pop()) };
}

/** Adds one more photo on the product's edit page; when the press started and the time until the form says saved. */
async function addPhotoByEdit(page, id, name, photo, index) {
  await page.goto(`/admin-entry/products/${encodeURIComponent(id)}`);
  await page.locator("#productPhoto").setInputFiles({ name: `photo-${index}.jpg`, mimeType: "image/jpeg", buffer: photo });
  await page.locator("#productImageAlt").fill(`${name}, side ${index}`);
  const started = performance.now();
  await page.getByRole("button", { name: "Save changes" }).click();
  await page
    .getByTestId("edit-status")
    .filter({ hasText: `Saved “${name}”.` })
    .waitFor({ timeout: 60_000 });
  return { started, savedMs: performance.now() - started };
}

/**
 * A new shopper's page of the product, opened until it shows `count` images
 * (a page kept from before the save is reloaded), then the last one chosen by
 * its thumbnail and waited for until it is drawn large; the time since
 * `started`, and how many page loads that took.
 */
async function shownLarge(browser, baseURL, id, count, started) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const slides = page.locator("main [id^='product-image-'] img");
    for (let loads = 1; ; loads += 1) {
      await page.goto(`/details-page/${encodeURIComponent(id)}`);
      const shown = count === 1 ? await page.locator("main img").count() : await slides.count();
      if (shown >= count) {
        const image = count === 1 ? page.locator("main img").first() : slides.nth(count - 1);
        if (count > 1)
          await page
            .getByRole("navigation", { name: "Choose an image" })
            .getByRole("link")
            .nth(count - 1)
            .click();
        await image.evaluate((img) =>
          img.complete && img.naturalWidth > 0 ? null : new Promise((done) => img.addEventListener("load", done, { once: true })),
        );
        return { visibleMs: performance.now() - started, loads };
      }
      if (loads >= 50) throw new Error(`the product's page still showed ${shown} of ${count} images after ${loads} loads`);
    }
  } finally {
    await context.close();
  }
}

/** Eight photos to one product on `shop`, then one to a second; each photo's sizes and times. */
export async function photoUploads(shop, authHost, photos) {
  const browser = await launchBrowser();
  try {
    const context = await adminContext(browser, shop.baseURL, authHost);
    const page = await context.newPage();
    const run = Date.now().toString(36);
    const name = `Bench Gallery Camera ${run}`;
    const uploads = [];
    const first = await addWithPhoto(page, name, photos[0]);
    uploads.push({
      photo: 1,
      form: "add",
      bytes: photos[0].length,
      savedMs: first.savedMs,
      ...(await shownLarge(browser, shop.baseURL, first.id, 1, first.started)),
    });
    for (let index = 2; index <= GALLERY_PHOTOS; index += 1) {
      const photo = photos[index - 1];
      const saved = await addPhotoByEdit(page, first.id, name, photo, index);
      uploads.push({
        photo: index,
        form: "edit",
        bytes: photo.length,
        savedMs: saved.savedMs,
        ...(await shownLarge(browser, shop.baseURL, first.id, index, saved.started)),
      });
    }
    const single = await addWithPhoto(page, `Bench Single Camera ${run}`, photos[0]);
    return { uploads, galleryId: first.id, singleId: single.id };
  } finally {
    await browser.close();
  }
}

/** Lighthouse on the gallery of 8 and, as the reference in the same run, the one-photo product. */
export function galleryLighthouse(baseURL, { galleryId, singleId }, options) {
  return lighthouseRuns(
    baseURL,
    [
      { label: "product with one uploaded photo", path: `/details-page/${encodeURIComponent(singleId)}` },
      { label: "product with a gallery of 8", path: `/details-page/${encodeURIComponent(galleryId)}` },
    ],
    options,
  );
}
