import { describe, expect, it } from 'vitest';
import { readHtml } from './read-html';

describe('reading a page', () => {
  it('keeps a YouTube video’s title and description', () => {
    const html = `<html><head><title>Pitch tips - YouTube</title>
      <meta property="og:title" content="Ten pitch tips from a seed investor">
      <meta property="og:description" content="What to show in the first three slides.">
      <meta property="og:site_name" content="YouTube"></head>
      <body><script>var ytInitialData = {}</script><div id="player"></div></body></html>`;
    expect(readHtml(html, 'https://www.youtube.com/watch?v=abc123')).toEqual({
      title: 'Ten pitch tips from a seed investor',
      description: 'What to show in the first three slides.',
      site: 'YouTube',
      type: 'youtube',
      text: 'Ten pitch tips from a seed investor\n\nWhat to show in the first three slides.',
      language: null,
    });
  });

  it('falls back to the title tag and the host, and reads the main content', () => {
    const html = `<html lang="de-DE"><head><title> Preise &amp; Pakete </title></head>
      <body><header>Menü</header><main><h2>Pakete</h2><p>Das Team-Paket kostet 49 Euro.</p></main></body></html>`;
    expect(readHtml(html, 'https://www.example.de/preise')).toEqual({
      title: 'Preise & Pakete',
      description: '',
      site: 'example.de',
      type: 'link',
      text: 'Pakete\n\nDas Team-Paket kostet 49 Euro.',
      language: 'de',
    });
  });
});
