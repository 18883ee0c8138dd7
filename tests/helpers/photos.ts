/**
 * Photos made for the tests with sharp: real files of each type, a camera's
 * (rotated, with a GPS position), and the bad ones an operator could send.
 */
import { deflateSync } from "node:zlib";
import sharp from "sharp";

/** A photo `width` × `height` of one colour, in `format`. */
export function solidPhoto(width: number, height: number, format: "jpeg" | "png" | "webp" | "avif" = "jpeg", colour = "#c0392b") {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A camera's JPEG, stored sideways: its top half red and bottom half blue as
 * stored, EXIF orientation 6 (turn 90° clockwise to show) and a GPS position.
 * Shown upright, red is on the right and blue on the left.
 */
export async function cameraPhoto(side = 1000): Promise<Buffer> {
  const half = (colour: string) =>
    sharp({ create: { width: side, height: side / 2, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const [red, blue] = await Promise.all([half("#ff0000"), half("#0000ff")]);
  return sharp({ create: { width: side, height: side, channels: 3, background: "#000" } })
    .composite([
      { input: red, top: 0, left: 0 },
      { input: blue, top: side / 2, left: 0 },
    ])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "Test Camera" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
    .toBuffer();
}

/** A PNG whose header says 40,000 × 40,000 pixels, with one row of pixels after it: decoding it would need gigabytes. */
export function hugePngHeader(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(40_000, 0);
  ihdr.writeUInt32BE(40_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const firstRow = deflateSync(Buffer.alloc(1 + 40_000 * 3));
  return Buffer.concat([
    Buffer.from("\x89PNG\r\n\x1a\n", "latin1"),
    chunk("IHDR", ihdr),
    chunk("IDAT", firstRow),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PDF's first bytes, whatever the file is named. */
export const PDF_BYTES = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n", "latin1");
