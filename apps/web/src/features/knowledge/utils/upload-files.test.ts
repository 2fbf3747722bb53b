import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from '@doppel/contracts';
import { describe, expect, it } from 'vitest';
import { addFiles, fileProblem } from './upload-files';

/** A file that claims `size` bytes without holding them. */
function fileOfSize(name: string, size: number): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('fileProblem', () => {
  it('accepts the offered extensions and leaves their content to the server', () => {
    for (const name of ['a.md', 'b.markdown', 'c.TXT', 'd.pdf', 'e.docx']) {
      expect(fileProblem(new File(['x'], name))).toBeNull();
    }
  });

  it('refuses other types, empty files and files over the limit before sending', () => {
    expect(fileProblem(new File(['x'], 'movie.mp4'))).toBe('unsupported_type');
    expect(fileProblem(new File([], 'empty.md'))).toBe('empty');
    expect(fileProblem(fileOfSize('big.pdf', MAX_UPLOAD_BYTES + 1))).toBe('too_large');
    expect(fileProblem(fileOfSize('fits.pdf', MAX_UPLOAD_BYTES))).toBeNull();
  });
});

describe('addFiles', () => {
  it('counts the same file once and keeps at most MAX_FILES_PER_UPLOAD', () => {
    const first = new File(['a'], 'a.md', { lastModified: 1 });
    const { files } = addFiles([first], [new File(['a'], 'a.md', { lastModified: 1 })]);
    expect(files).toEqual([first]);

    const many = Array.from(
      { length: MAX_FILES_PER_UPLOAD + 2 },
      (_, index) => new File(['x'], `${index}.md`),
    );
    const result = addFiles([first], many);
    expect(result.files).toHaveLength(MAX_FILES_PER_UPLOAD);
    expect(result.files[0]).toBe(first);
    expect(result.dropped).toBe(3);
  });
});
