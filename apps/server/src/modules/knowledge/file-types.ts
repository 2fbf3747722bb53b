import type { UploadErrorCode } from '@doppel/contracts';

/*
 * An upload's type is read from its content, not its name: a PDF starts with
 * %PDF-, a DOCX is a ZIP holding word/document.xml, Markdown and plain text are UTF-8 without
 * binary bytes. The name only tells Markdown from plain text.
 */

export type UploadType = 'pdf' | 'docx' | 'md' | 'txt';

export type SniffResult =
  { type: UploadType } | { error: Extract<UploadErrorCode, 'empty' | 'unsupported_type'>; message: string };

/** Unpacking limits for DOCX (a ZIP): a small file must not expand into gigabytes. */
export const DOCX_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const DOCX_MAX_ENTRIES = 2_000;
const DOCX_MAX_RATIO = 200;

const NOT_SUPPORTED = 'This file is not a Markdown, plain-text, PDF or Word (.docx) document.';

interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

/** Reads a ZIP's central directory; null when the buffer is not a readable ZIP. */
export function zipEntries(buffer: Buffer): ZipEntry[] | null {
  // The end-of-central-directory record sits in the last 22 bytes plus up to 64 KB of comment.
  const floor = Math.max(0, buffer.length - 22 - 0xffff);
  let end = -1;
  for (let at = buffer.length - 22; at >= floor; at--) {
    if (buffer.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = buffer.readUInt16LE(end + 10);
  let offset = buffer.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== 0x02014b50) return null;
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    entries.push({
      compressedSize: buffer.readUInt32LE(offset + 20),
      uncompressedSize: buffer.readUInt32LE(offset + 24),
      name: buffer.toString('utf8', offset + 46, offset + 46 + nameLength),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function sniffZip(buffer: Buffer): SniffResult {
  const entries = zipEntries(buffer);
  if (!entries || !entries.some((entry) => entry.name === 'word/document.xml')) {
    return { error: 'unsupported_type', message: NOT_SUPPORTED };
  }
  const unpacked = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  const packed = entries.reduce((sum, entry) => sum + entry.compressedSize, 0);
  // 0xFFFFFFFF marks ZIP64 sizes, which no ordinary .docx needs.
  if (
    entries.length > DOCX_MAX_ENTRIES ||
    unpacked > DOCX_MAX_UNPACKED_BYTES ||
    entries.some((entry) => entry.uncompressedSize === 0xffffffff) ||
    (packed > 0 && unpacked / packed > DOCX_MAX_RATIO)
  ) {
    return { error: 'unsupported_type', message: 'This Word document unpacks to more than Doppel reads.' };
  }
  return { type: 'docx' };
}

/** Text is UTF-8 with no NUL and almost no other control bytes. */
function isText(buffer: Buffer): boolean {
  if (buffer.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return false;
  }
  let control = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13) control++;
  }
  return control <= text.length / 100;
}

export function sniffFileType(buffer: Buffer, fileName: string): SniffResult {
  if (buffer.length === 0) return { error: 'empty', message: 'The file is empty.' };
  if (buffer.subarray(0, 1024).includes('%PDF-')) return { type: 'pdf' };
  const magic = buffer.length >= 4 ? buffer.readUInt32LE(0) : 0;
  if (magic === 0x04034b50 || magic === 0x06054b50) return sniffZip(buffer);
  if (magic === 0xe011cfd0) {
    return {
      error: 'unsupported_type',
      message: 'Old Word (.doc) files are not supported; save it as .docx.',
    };
  }
  if (isText(buffer)) return { type: /\.(md|markdown|mdown)$/i.test(fileName) ? 'md' : 'txt' };
  return { error: 'unsupported_type', message: NOT_SUPPORTED };
}
