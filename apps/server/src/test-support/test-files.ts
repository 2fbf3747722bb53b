import { randomUUID } from 'node:crypto';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
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

/** A part of a structured test document: a heading (level 1 or 2), a paragraph or a table. */
export type DocumentPart = { heading: string; level?: 1 | 2 } | { paragraph: string } | { table: string[][] };

const DOCX_HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2 } as const;

/** A real Word document with Heading 1/2 styles, paragraphs and tables, written by docx. */
export function makeStructuredDocx(parts: DocumentPart[]): Promise<Buffer> {
  const children = parts.map((part) => {
    if ('heading' in part)
      return new Paragraph({ text: part.heading, heading: DOCX_HEADINGS[part.level ?? 1] });
    if ('paragraph' in part) return new Paragraph({ text: part.paragraph });
    return new Table({
      rows: part.table.map(
        (row) =>
          new TableRow({
            children: row.map((cell) => new TableCell({ children: [new Paragraph({ text: cell })] })),
          }),
      ),
    });
  });
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

const PDF_BODY_SIZE = 12;
const PDF_HEADING_SIZES = { 1: 22, 2: 16 } as const;
const PDF_MARGIN = 72;

/** A table drawn as a PDF shows one: each row a line, each cell at its column's left edge. */
function drawPdfTable(pdf: PDFKit.PDFDocument, rows: string[][]): void {
  const columnWidth = (pdf.page.width - 2 * PDF_MARGIN) / Math.max(...rows.map((row) => row.length));
  pdf.fontSize(PDF_BODY_SIZE);
  const rowHeight = PDF_BODY_SIZE * 1.5;
  for (const row of rows) {
    // A row that would not fit goes to the next page whole, as a word processor's would.
    if (pdf.y + rowHeight > pdf.page.maxY()) pdf.addPage();
    const y = pdf.y;
    row.forEach((cell, column) => pdf.text(cell, PDF_MARGIN + column * columnWidth, y, { lineBreak: false }));
    pdf.x = PDF_MARGIN;
    pdf.y = y + rowHeight;
  }
  pdf.moveDown();
}

/**
 * A real PDF written by pdfkit with a heading in a larger font (22 or 16 points to the body's
 * 12), paragraphs, and tables laid out in aligned columns, as word processors export them.
 */
export function makeStructuredPdf(parts: DocumentPart[]): Promise<Buffer> {
  const pdf = new PDFDocument({ compress: false });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  for (const part of parts) {
    if ('heading' in part) {
      pdf.fontSize(PDF_HEADING_SIZES[part.level ?? 1]).text(part.heading, PDF_MARGIN);
    } else if ('paragraph' in part) {
      pdf.fontSize(PDF_BODY_SIZE).text(part.paragraph, PDF_MARGIN).moveDown(0.5);
    } else {
      drawPdfTable(pdf, part.table);
    }
  }
  pdf.end();
  return done;
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
