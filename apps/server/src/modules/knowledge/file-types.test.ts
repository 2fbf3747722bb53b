import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from '../../test-support/test-files';
import { sniffFileType, zipEntries } from './file-types';

/** A minimal ZIP with stored or deflated entries, to build hostile archives. */
function zip(entries: Array<{ name: string; data: Buffer }>): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const packed = deflateRawSync(entry.data);
    const name = Buffer.from(entry.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(entry.data.length, 22);
    header.writeUInt16LE(name.length, 26);
    local.push(header, name, packed);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(packed.length, 20);
    record.writeUInt32LE(entry.data.length, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    central.push(record, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

describe('upload types are read from the content', () => {
  it('knows PDF, DOCX, Markdown and text whatever the name says', async () => {
    expect(sniffFileType(await makePdf(['Hello']), 'scan.bin')).toEqual({ type: 'pdf' });
    expect(sniffFileType(await makeDocx('Title', ['Body']), 'letter.pdf')).toEqual({ type: 'docx' });
    expect(sniffFileType(Buffer.from('# Notes\n\nПривет, мир'), 'notes.md')).toEqual({ type: 'md' });
    expect(sniffFileType(Buffer.from('plain words'), 'notes.txt')).toEqual({ type: 'txt' });
  });

  it('refuses binaries dressed as documents, other ZIPs, legacy .doc and empty files', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
    expect(sniffFileType(png, 'notes.md')).toMatchObject({ error: 'unsupported_type' });
    expect(sniffFileType(Buffer.from([0xff, 0xfe, 0xfd, 0x41, 0x42]), 'notes.txt')).toMatchObject({
      error: 'unsupported_type',
    });
    const otherZip = zip([{ name: 'photo.jpg', data: Buffer.alloc(100, 1) }]);
    expect(sniffFileType(otherZip, 'report.docx')).toMatchObject({ error: 'unsupported_type' });
    const doc = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(50),
    ]);
    expect(sniffFileType(doc, 'old.doc')).toEqual({
      error: 'unsupported_type',
      message: 'Old Word (.doc) files are not supported; save it as .docx.',
    });
    expect(sniffFileType(Buffer.alloc(0), 'empty.txt')).toMatchObject({ error: 'empty' });
  });

  it('refuses a DOCX that would unpack far beyond its size (a ZIP bomb)', () => {
    const bomb = zip([
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
      { name: 'word/media/filler.bin', data: Buffer.alloc(20 * 1024 * 1024, 0) },
    ]);
    expect(zipEntries(bomb)?.map((entry) => entry.name)).toEqual([
      'word/document.xml',
      'word/media/filler.bin',
    ]);
    expect(sniffFileType(bomb, 'bomb.docx')).toEqual({
      error: 'unsupported_type',
      message: 'This Word document unpacks to more than Doppel reads.',
    });
  });
});
