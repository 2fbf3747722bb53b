import { parseSnippet } from '../utils/snippet';

/** A search passage with the matched words highlighted, built as elements (never raw HTML). */
export function SearchSnippet({ snippet }: { snippet: string }) {
  return (
    <>
      {parseSnippet(snippet).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-warning-soft px-0.5 text-warning-soft-foreground">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
