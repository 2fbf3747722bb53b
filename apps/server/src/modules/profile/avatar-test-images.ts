import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/*
 * Real image files for the avatar tests, written by sharp or byte by byte where a test needs
 * a file no encoder would write (a decompression bomb, a JPEG padded to an exact size).
 */

const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 30, g: 30, b: 220 };

/** A PNG photo: red on the left half, blue on the right. */
export async function twoColourPng(width = 1200, height = 800): Promise<Buffer> {
  const right = await sharp({
    create: { width: width / 2, height, channels: 3, background: BLUE },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: RED } })
    .composite([{ input: right, left: width / 2, top: 0 }])
    .png()
    .toBuffer();
}

/**
 * A JPEG as a phone writes it: the pixels stored sideways (red left, blue right) with EXIF
 * orientation 6, "turn 90° clockwise to show", and EXIF text that must not be published.
 */
export async function sidewaysJpeg(exifText: string): Promise<Buffer> {
  return sharp(await twoColourPng())
    .withExif({ IFD0: { Copyright: exifText } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** A real JPEG of exactly `bytes`, padded with APP15 segments (which decoders skip). */
export async function jpegOfSize(bytes: number): Promise<Buffer> {
  const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: RED } })
    .jpeg()
    .toBuffer();
  const segments: Buffer[] = [];
  // A segment is its marker (2 bytes), its length (2) and up to 65533 bytes of data.
  for (let left = bytes - small.length; left > 0;) {
    let size = Math.min(65_537, left);
    if (left - size > 0 && left - size < 4) size -= 4;
    const segment = Buffer.alloc(size);
    segment.writeUInt16BE(0xffef, 0);
    segment.writeUInt16BE(size - 2, 2);
    segments.push(segment);
    left -= size;
  }
  return Buffer.concat([small.subarray(0, 2), ...segments, small.subarray(2)]);
}

function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([head, typed, crc]);
}

/** A valid black-and-white PNG of width × height pixels in a few kilobytes: a decompression bomb. */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // one bit a pixel, greyscale
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
