import type { LinkPreview } from '@doppel/contracts';
import { parse, type HTMLElement } from 'node-html-parser';
import { cutText } from '../../lib/text';

/** Elements that are never the page's own words. */
const NOISE = 'script, style, noscript, template, svg, iframe, nav, header, footer, aside, form, button';

export interface ReadPage extends Omit<LinkPreview, 'url'> {
  /** The readable text: the article (or main content, else body) with block breaks kept. */
  text: string;
  language: string | null;
}

function meta(root: HTMLElement, ...names: string[]): string {
  for (const name of names) {
    const element =
      root.querySelector(`meta[property="${name}"]`) ?? root.querySelector(`meta[name="${name}"]`);
    const content = element?.getAttribute('content')?.trim();
    if (content) return content;
  }
  return '';
}

const collapse = (text: string) => text.replace(/[ \t\u00a0]+/g, ' ').trim();

/** YouTube pages are a script shell; their title and description are what a video brings. */
export function isYouTubeUrl(url: URL): boolean {
  const host = url.hostname.replace(/^www\.|^m\./, '');
  return host === 'youtube.com' || host === 'youtu.be' || host === 'music.youtube.com';
}

/**
 * Reads a fetched HTML page: its preview (title, description, site — Open Graph first, then the
 * plain tags, then the host) and its readable text, for the knowledge base to index.
 */
export function readHtml(html: string, pageUrl: string): ReadPage {
  const url = new URL(pageUrl);
  const root = parse(html, { comment: false });
  const title = collapse(
    meta(root, 'og:title', 'twitter:title') || root.querySelector('title')?.text || url.hostname,
  );
  const description = collapse(meta(root, 'og:description', 'description', 'twitter:description'));
  const site = collapse(meta(root, 'og:site_name')) || url.hostname.replace(/^www\./, '');
  const youtube = isYouTubeUrl(url);
  const type: ReadPage['type'] = youtube
    ? 'youtube'
    : meta(root, 'og:type').toLowerCase() === 'article' || root.querySelector('article')
      ? 'article'
      : 'link';
  const language = root.querySelector('html')?.getAttribute('lang')?.slice(0, 2).toLowerCase() || null;

  let text: string;
  if (youtube) {
    text = [title, description].filter(Boolean).join('\n\n');
  } else {
    for (const element of root.querySelectorAll(NOISE)) element.remove();
    const content =
      root.querySelector('article') ?? root.querySelector('main') ?? root.querySelector('body') ?? root;
    text = content.structuredText.split('\n').map(collapse).filter(Boolean).join('\n\n');
  }
  return { title, description, site, type, text, language };
}

/** A plain-text page read the same way: its first line is its title. */
export function readPlainText(text: string, pageUrl: string): ReadPage {
  const url = new URL(pageUrl);
  const firstLine = text.trim().split('\n')[0]?.trim() ?? '';
  return {
    title: cutText(firstLine, 200) || url.hostname,
    description: '',
    site: url.hostname.replace(/^www\./, ''),
    type: 'link',
    text: text.trim(),
    language: null,
  };
}
