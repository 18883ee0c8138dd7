/**
 * An operator's photo made into the shop's pictures (lib/media/photo-encode.ts):
 * the type from the bytes, the bad files refused with their reason, and what
 * is kept of a good one (its pixels, upright, square, in the pages' widths)
 * and what is not (its metadata).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import sharp from "sharp";
import { PHOTO_ERRORS, PHOTO_MAX_BYTES } from "@/lib/images/photo-rules";
import { PhotoError, encodePhoto, sniffPhotoType } from "@/lib/media/photo-encode";
import { PDF_BYTES, cameraPhoto, hugePngHeader, solidPhoto } from "./helpers/photos";

async function refusal(bytes: Uint8Array): Promise<string> {
  try {
    await encodePhoto(bytes);
  } catch (error) {
    assert.ok(error instanceof PhotoError, `a PhotoError, not ${String(error)}`);
    return error.message;
  }
  assert.fail("the photo was taken");
}

describe("the photo's type, from its first bytes", () => {
  test("each type taken is named by its bytes", async () => {
    for (const [format, type] of [
      ["jpeg", "image/jpeg"],
      ["png", "image/png"],
      ["webp", "image/webp"],
      ["avif", "image/avif"],
    ] as const) {
      assert.equal(sniffPhotoType(await solidPhoto(16, 16, format)), type, format);
    }
  });

  test("anything else is none of them: a PDF, text, a GIF, nothing", () => {
    for (const bytes of [PDF_BYTES, Buffer.from("hello"), Buffer.from("GIF89a\x01\x00\x01\x00", "latin1"), Buffer.alloc(0)]) {
      assert.equal(sniffPhotoType(bytes), null);
    }
  });
});

describe("a photo refused says why, and makes nothing", () => {
  test("a PDF named photo.jpg is not an image", async () => {
    assert.equal(await refusal(PDF_BYTES), PHOTO_ERRORS.notAnImage);
  });

  test("a 40,000 × 40,000 image is refused from its header, before decoding", async () => {
    assert.equal(await refusal(hugePngHeader()), "The photo is 40,000 × 40,000 pixels: at most 50 million pixels are taken.");
  });

  test("a truncated JPEG is damaged, not shown half grey", async () => {
    const whole = await cameraPhoto(800);
    assert.equal(await refusal(whole.subarray(0, Math.floor(whole.length * 0.6))), PHOTO_ERRORS.damaged);
  });

  test("a file of one type with another's body is damaged", async () => {
    const png = await solidPhoto(500, 500, "png");
    const lying = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]);
    assert.equal(await refusal(lying), PHOTO_ERRORS.damaged);
  });

  test("too small to fill a card, with its size", async () => {
    assert.equal(await refusal(await solidPhoto(1200, 300)), "The photo is 1,200 × 300 pixels: it must be at least 400 × 400.");
  });

  test("more bytes than the limit, and no bytes at all", async () => {
    assert.equal(await refusal(new Uint8Array(PHOTO_MAX_BYTES + 1)), PHOTO_ERRORS.tooLarge);
    assert.equal(await refusal(new Uint8Array(0)), PHOTO_ERRORS.empty);
  });
});

describe("a photo taken", () => {
  test("a camera's JPEG: square WebP in the pages' widths, upright, without its metadata", async () => {
    const camera = await cameraPhoto(1000);
    const taken = await sharp(camera).metadata();
    assert.deepEqual([taken.orientation, taken.exif?.includes("Test Camera")], [6, true], "the camera's file has its tags");
    const { largest, pictures } = await encodePhoto(camera);
    assert.equal(largest, 800);
    assert.deepEqual(
      pictures.map((p) => p.width),
      [400, 800],
    );
    for (const picture of pictures) {
      const meta = await sharp(picture.bytes).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ["webp", picture.width, picture.width]);
      assert.equal(meta.exif, undefined, "no EXIF: the GPS position and the camera are gone");
      assert.equal(meta.orientation, undefined, "the orientation is in the pixels, not a tag");
    }
    // Stored with red on top, turned a quarter clockwise to show: red on the right.
    const { data, info } = await sharp(pictures[0].bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    const [right, left] = [pixel(info.width - 20, info.height / 2), pixel(20, info.height / 2)];
    assert.ok(right[0] > 200 && right[2] < 60, `red on the right: ${right}`);
    assert.ok(left[2] > 200 && left[0] < 60, `blue on the left: ${left}`);
  });

  test("a photo under 800 on its shorter side keeps its own size as the largest width", async () => {
    const { largest, pictures } = await encodePhoto(await solidPhoto(900, 600, "png"));
    assert.equal(largest, 600);
    assert.deepEqual(
      pictures.map((p) => p.width),
      [400, 600],
    );
  });

  test("PNG, WebP and AVIF are taken as JPEG is", async () => {
    for (const format of ["png", "webp", "avif"] as const) {
      const { pictures } = await encodePhoto(await solidPhoto(400, 400, format));
      assert.deepEqual(
        pictures.map((p) => p.width),
        [400],
        format,
      );
    }
  });
});
