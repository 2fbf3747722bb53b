import mammoth from 'mammoth';
import { extractText as extractPdfText, getDocumentProxy } from 'unpdf';
import type { UploadType } from './file-types';

/** The file cannot be read as it is; retrying will not help until it is replaced. */
export class ExtractionError extends Error {
  override name = 'ExtractionError';
}

/** Markdown's inline markup out; headings and lists stay, they are the text's structure. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/^```.*$/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/^\s*([-*+]|\d+\.)\s+/gm, '• ');
}

async function pdfText(buffer: Buffer): Promise<string> {
  let pages: string[];
  try {
    // verbosity 0: pdf.js would print its repair warnings to the server log.
    const pdf = await getDocumentProxy(new Uint8Array(buffer), { verbosity: 0 });
    ({ text: pages } = await extractPdfText(pdf, { mergePages: false }));
    await pdf.destroy();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (/password/i.test(reason)) throw new ExtractionError('The PDF is protected by a password.');
    throw new ExtractionError(`The PDF could not be read (${reason}).`);
  }
  return pages.map((page) => page.trim()).join('\n\n');
}

async function docxText(buffer: Buffer): Promise<string> {
  try {
    const { value } = await mammoth.extractRawText({ buffer });
    return value;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ExtractionError(`The Word document could not be read (${reason}).`);
  }
}

/** The text of an upload whose type was read from its content (file-types.ts). */
export async function extractFileText(type: UploadType, buffer: Buffer): Promise<string> {
  let text: string;
  if (type === 'pdf') text = await pdfText(buffer);
  else if (type === 'docx') text = await docxText(buffer);
  else {
    const raw = new TextDecoder('utf-8').decode(buffer).replace(/^\uFEFF/, '');
    text = type === 'md' ? markdownToText(raw) : raw;
  }
  text = text
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!text) throw new ExtractionError('No text could be found in this file (a scan without a text layer?).');
  return text;
}
