import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageStyles } from './critical-css';

const STYLESHEET = [
  ':root{--brand:#0b2a4a}',
  '.hero{color:var(--brand)}',
  '.hero:hover{color:red}',
  '@media (min-width:40rem){.sm\\:text-xl{font-size:1.25rem}}',
  ':where(.space-y-2>:not(:last-child)){margin-block-start:.5rem}',
  '.\\[\\&_svg\\]\\:size-5 svg{width:1.25rem}',
  '.menu-open{display:block}',
  '@media (min-width:64rem){.only-in-the-menu{display:grid}}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  '.spinner{animation:spin 1s linear infinite}',
].join('');

const page = (body: string) =>
  `<!doctype html>\n<html lang="en-GB" data-islands="/assets/islands.js">\n  <head>\n    <style>${STYLESHEET}</style>\n  </head>\n  <body>${body}</body>\n</html>`;

const inlineStyle = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;

describe('a kept page’s own stylesheet', () => {
  it('keeps the rules the page uses, whatever their state or screen width, and drops the rest', async () => {
    const { html } = await pageStyles(
      page(
        '<h1 class="hero sm:text-xl">Sell your car</h1><ul class="space-y-2 [&amp;_svg]:size-5"><li><svg></svg>Free</li></ul>',
      ),
    );
    const css = inlineStyle(html);
    expect(css).toContain('--brand:#0b2a4a');
    expect(css).toContain('.hero{');
    expect(css).toContain('.hero:hover{');
    expect(css).toContain('.sm\\:text-xl{');
    // Tailwind's child and descendant variants: selectors no element matches once their
    // pseudo-classes are taken away, which a structural matcher drops.
    expect(css).toContain(':where(.space-y-2>:not(:last-child))');
    expect(css).toContain('.\\[\\&_svg\\]\\:size-5 svg');
    expect(css).not.toContain('.menu-open');
    expect(css).not.toContain('.only-in-the-menu');
    expect(css).not.toContain('@keyframes spin');
  });

  it('keeps an animation the page uses with its keyframes', async () => {
    const css = inlineStyle((await pageStyles(page('<p class="spinner">Sending…</p>'))).html);
    expect(css).toContain('.spinner{');
    expect(css).toContain('@keyframes spin');
  });

  it('keeps the rules its islands’ code names for the states they move to, and changes nothing else', async () => {
    const body = '<div data-island="components/registration-input" data-props="{&quot;a&quot;:1}"><p>Hi</p></div>';
    const original = page(`<h1 class="hero">Hi</h1>${body}`);
    const islandCode = 'function Menu(e){return jsx("div",{className:cx("menu-open",e&&"spinner")})}';
    const { html } = await pageStyles(original, islandCode);
    const css = inlineStyle(html);
    expect(css).toContain('.menu-open{');
    expect(css).toContain('@keyframes spin');
    expect(css).not.toContain('.only-in-the-menu');
    const outsideStyle = (s: string) => s.replace(/<style>[\s\S]*?<\/style>/, '');
    expect(outsideStyle(html)).toBe(outsideStyle(original));
  });

  it('gives the CSP hash of exactly the new <style> block', async () => {
    const { html, styleHashes } = await pageStyles(page('<h1 class="hero">Hi</h1>'));
    const digest = createHash('sha256').update(inlineStyle(html)).digest('base64');
    expect(styleHashes).toEqual([`sha256-${digest}`]);
  });
});
