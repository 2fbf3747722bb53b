import { randomUUID } from 'node:crypto';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import PDFDocument from 'pdfkit';

/** A real PDF written by pdfkit: one page per entry of `pages`. */
export function makePdf(pages: string[]): Promise<Buffer> {
  const pdf = new PDFDocument({ compress: false });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  pages.forEach((text, index) => {
    if (index > 0) pdf.addPage();
    pdf.text(text);
  });
  pdf.end();
  return done;
}

/** A real Word document written by the docx package: a heading and paragraphs. */
export function makeDocx(heading: string, paragraphs: string[]): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: heading, heading: HeadingLevel.HEADING_1 }),
          ...paragraphs.map((text) => new Paragraph({ text })),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

export interface MultipartPart {
  name: string;
  /** Present for a file part. */
  filename?: string;
  content: Buffer | string;
  contentType?: string;
}

/** A multipart/form-data body for app.inject, as a browser's FormData would send it. */
export function multipart(parts: MultipartPart[]) {
  const boundary = `----doppel${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type =
      part.filename === undefined
        ? ''
        : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
