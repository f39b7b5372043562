import { createElement, useSyncExternalStore, type ReactNode } from 'react';

/**
 * A `richtext` field (docs/data.md#rich-text) rendered as React elements, never as HTML: the text is parsed by the
 * browser's DOMParser (an inert document — no script runs, no image loads) and only the elements and attributes
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

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === 3) return node.textContent;
  if (node.nodeType !== 1) return null;
  const element = node as Element;
  const raw = element.tagName.toLowerCase();
  if (DROPPED.has(raw)) return null;
  const tag = RENAMED[raw] ?? raw;
  const children = Array.from(element.childNodes, convert);
  if (!BLOCKS.has(tag) && !INLINE.has(tag)) return children.length ? createElement('span', { key }, ...children) : null;
  if (tag === 'br' || tag === 'hr') return createElement(tag, { key });
  if (tag === 'a') {
    // Spaces and control characters are how "java\tscript:" slips past a naive test: the URL must start right.
    const href = (element.getAttribute('href') ?? '').trim();
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
    if (!SAFE_LINK.test(href) || /[\s\u0000-\u001f]/.test(href)) return createElement('span', { key }, ...children);
    return createElement('a', { key, href, rel: 'noopener noreferrer nofollow' }, ...children);
  }
  if (tag === 'img') {
    const src = (element.getAttribute('src') ?? '').trim();
    if (!SAFE_IMAGE.test(src)) return null;
    return createElement('img', {
      key,
      src,
      alt: element.getAttribute('alt') ?? '',
      loading: 'lazy',
      decoding: 'async',
    });
  }
  return createElement(tag, { key }, ...children);
}

/** Plain text (older items, other tools) is shown as paragraphs, one per blank-line-separated block. */
const looksLikeHtml = (value: string) => /<[a-z][^>]*>/i.test(value);

// The server has no DOMParser: HTML is parsed in the browser, after hydration (the server sends the empty block).
const noChanges = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

export function RichText({ value, className }: { value: string; className?: string }) {
  const canParse = useSyncExternalStore(noChanges, inBrowser, onServer);
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
  if (!canParse) return <div className={className} />;
  const body = new DOMParser().parseFromString(value, 'text/html').body;
  return <div className={className}>{Array.from(body.childNodes, convert)}</div>;
}
