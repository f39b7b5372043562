/**
 * Rich text's HTML parsed on the server by parse5, which follows the HTML standard's tree construction as
 * browsers do: the server-rendered description is the tree the browser's DOMParser builds, so it hydrates
 * without a difference (components/RichText.tsx). Only the server entry imports this file.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import type { HtmlNode, HtmlParser } from '../components/RichText.js';

type Parse5Node = DefaultTreeAdapterMap['node'];

function fromParse5(node: Parse5Node): HtmlNode {
  if (node.nodeName === '#text' && 'value' in node) return { kind: 'text', text: node.value };
  if (!('tagName' in node)) return { kind: 'other' };
  // A <template>'s content is a fragment of its own, not its children (as in the DOM): none is kept anyway.
  return {
    kind: 'element',
    tag: node.tagName,
    attribute: (name) => node.attrs.find((a) => a.name === name)?.value ?? null,
    children: node.childNodes.map(fromParse5),
  };
}

export const parseHtmlOnServer: HtmlParser = (html) => {
  const root = parse(html).childNodes.find((n): n is DefaultTreeAdapterMap['element'] => n.nodeName === 'html');
  const body = root?.childNodes.find((n): n is DefaultTreeAdapterMap['element'] => n.nodeName === 'body');
  return body ? body.childNodes.map(fromParse5) : [];
};
