import { createElement, type ReactNode } from 'react';

/**
 * A `richtext` field (docs/data.md#rich-text) rendered as React elements, never as HTML: the text is parsed by the
 * browser's DOMParser (an inert document — no script runs, no image loads), or on the server by the HTML parser
 * the server entry gives (`setHtmlParser`: parse5, which builds the same tree by the same HTML standard, so the
 * page hydrates without a difference), and only the elements and attributes
 * below are rebuilt. Everything else is dropped with its content (script, style, iframe, svg…) or unwrapped to its
 * text (any other tag). Links keep http(s), mailto and same-site paths only; images only uploaded media or https.
 */
const BLOCKS = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'pre', 'hr', 'br']);
const INLINE = new Set(['strong', 'em', 'u', 's', 'code', 'a', 'img']);
const RENAMED: Record<string, string> = { b: 'strong', i: 'em', h1: 'h2', strike: 's', del: 's' };
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'head',
]);
const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/))/i;
const SAFE_IMAGE = /^(\/_media\/[0-9a-f]{24}\.[a-z]{3,4}(\?[\w=&]*)?$|https:\/\/)/i;

/** A parsed node, whichever parser made it: text, an element, or anything else (comments, doctype). */
export type HtmlNode =
  | { kind: 'text'; text: string }
  | { kind: 'element'; tag: string; attribute(name: string): string | null; children: HtmlNode[] }
  | { kind: 'other' };

/** The body's nodes of an HTML text. */
export type HtmlParser = (html: string) => HtmlNode[];

function fromDom(node: Node): HtmlNode {
  if (node.nodeType === 3) return { kind: 'text', text: node.textContent ?? '' };
  if (node.nodeType !== 1) return { kind: 'other' };
  const element = node as Element;
  return {
    kind: 'element',
    tag: element.tagName.toLowerCase(),
    attribute: (name) => element.getAttribute(name),
    children: Array.from(element.childNodes, fromDom),
  };
}

const domParser: HtmlParser | undefined =
  typeof DOMParser == 'undefined'
    ? undefined
    : (html) => Array.from(new DOMParser().parseFromString(html, 'text/html').body.childNodes, fromDom);
let serverParser: HtmlParser | undefined;

/** The server entry's parser (the server has no DOMParser); undefined goes back to the browser's. */
export function setHtmlParser(parser: HtmlParser | undefined): void {
  serverParser = parser;
}

function convert(node: HtmlNode, key: number): ReactNode {
  if (node.kind === 'text') return node.text;
  if (node.kind !== 'element') return null;
  const raw = node.tag;
  if (DROPPED.has(raw)) return null;
  const tag = RENAMED[raw] ?? raw;
  const children = node.children.map(convert);
  if (!BLOCKS.has(tag) && !INLINE.has(tag)) return children.length ? createElement('span', { key }, ...children) : null;
  if (tag === 'br' || tag === 'hr') return createElement(tag, { key });
  if (tag === 'a') {
    // Spaces and control characters are how "java\tscript:" slips past a naive test: the URL must start right.
    const href = (node.attribute('href') ?? '').trim();
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
    if (!SAFE_LINK.test(href) || /[\s\u0000-\u001f]/.test(href)) return createElement('span', { key }, ...children);
    return createElement('a', { key, href, rel: 'noopener noreferrer nofollow' }, ...children);
  }
  if (tag === 'img') {
    const src = (node.attribute('src') ?? '').trim();
    if (!SAFE_IMAGE.test(src)) return null;
    return createElement('img', {
      key,
      src,
      alt: node.attribute('alt') ?? '',
      loading: 'lazy',
      decoding: 'async',
    });
  }
  return createElement(tag, { key }, ...children);
}

/** Plain text (older items, other tools) is shown as paragraphs, one per blank-line-separated block. */
const looksLikeHtml = (value: string) => /<[a-z][^>]*>/i.test(value);

export function RichText({ value, className }: { value: string; className?: string }) {
  if (!looksLikeHtml(value)) {
    return (
      <div className={className}>
        {value
          .split(/\n\s*\n/)
          .filter((p) => p.trim())
          .map((p, i) => (
            <p key={i}>{p}</p>
          ))}
      </div>
    );
  }
  const parse = serverParser ?? domParser;
  return <div className={className}>{parse ? parse(value).map(convert) : null}</div>;
}
