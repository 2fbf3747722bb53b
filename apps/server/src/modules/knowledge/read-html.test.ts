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
      // Too little prose for Readability: the main content, its heading marked.
      text: '## Pakete\n\nDas Team-Paket kostet 49 Euro.',
      language: 'de',
    });
  });

  it('reads an article with Readability: its text with headings, lists and tables, without the page around it', () => {
    const paragraph = (topic: string) =>
      `<p>Our partner programme pays agencies a share of the revenue they bring, and ${topic}. ` +
      'Every partner gets a named contact, a quarterly review and a shared pipeline of leads, ' +
      'so that the agencies we work with can plan their year with us rather than guess.</p>';
    const html = `<html lang="en"><head><title>Partner programme | Acme blog</title></head><body>
      <div class="top-menu"><a href="/">Home</a> <a href="/blog">Blog</a> <a href="/pricing">Pricing</a></div>
      <div class="wrapper">
        <div class="sidebar"><h3>Popular posts</h3><ul><li><a href="/a">Ten growth hacks</a></li>
          <li><a href="/b">Why churn matters</a></li></ul></div>
        <div class="post-body">
          ${paragraph('how the share is worked out')}
          ${paragraph('when it is paid')}
          <h2>Tiers</h2>
          ${paragraph('what each tier brings')}
          <table><tr><th>Tier</th><th>Share</th></tr><tr><td>Silver</td><td>10%</td></tr>
            <tr><td>Gold</td><td>20%</td></tr></table>
          <ul><li>Named contact</li><li>Quarterly review</li></ul>
        </div>
        <div id="comments" class="comments"><h3>2 comments</h3>
          <div class="comment"><p>Great post! Buy cheap watches at example.com, the best deals every day.</p></div>
          <div class="comment"><p>First!</p></div></div>
      </div>
      <div class="copyright">© 2024 Acme. <a href="/privacy">Privacy policy</a></div>
      <script>track('view')</script></body></html>`;

    const { text, type } = readHtml(html, 'https://acme.test/blog/partners');

    expect(type).toBe('link');
    expect(text.split('\n\n')).toEqual([
      expect.stringMatching(/^Our partner programme .* how the share is worked out\. Every partner/),
      expect.stringMatching(/when it is paid/),
      '## Tiers',
      expect.stringMatching(/what each tier brings/),
      'Tier | Share\nSilver | 10%\nGold | 20%',
      '• Named contact\n• Quarterly review',
    ]);
    for (const noise of ['Home', 'Popular posts', 'watches', 'comments', 'Privacy', 'track']) {
      expect(text).not.toContain(noise);
    }
  });

  it('reads a page that is not an article from its body, without navigation, header, footer and scripts', () => {
    const html = `<html><head><title>Acme CRM</title><style>h1 { color: red }</style></head><body>
      <header><a href="/">Acme</a></header><nav><a href="/login">Log in</a></nav>
      <div class="hero"><h1>A CRM for agencies</h1><p>Set up in <b>ten</b> minutes.</p>
        <ul><li>Shared pipelines</li><li>Client reports<ul><li>Weekly</li></ul></li></ul></div>
      <footer>© Acme</footer><script>track()</script></body></html>`;

    expect(readHtml(html, 'https://acme.test/').text).toBe(
      '# A CRM for agencies\n\nSet up in ten minutes.\n\n• Shared pipelines\n• Client reports\n• Weekly',
    );
  });

  it('reads a page nested deeper than the call stack would allow', () => {
    const depth = 10_000;
    const html = `<html><body>${'<div>'.repeat(depth)}Deep inside.${'</div>'.repeat(depth)}</body></html>`;

    expect(readHtml(html, 'https://example.com/deep').text).toBe('Deep inside.');
  });
});
