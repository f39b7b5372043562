import type { TextRange } from '../../app/stores-module.js';

/**
 * `text` with the server's ranges marked (<mark>). The ranges are offsets, never markup: every piece is a React text
 * node, so a product name holding `<script>` shows as those characters. Ranges out of order, overlapping or past the
 * end are clamped or dropped rather than trusted.
 */
export function HighlightedText({ text, ranges }: { text: string; ranges: readonly TextRange[] }) {
  const pieces: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, Math.min(r.start, text.length));
    const end = Math.min(Math.max(r.end, start), text.length);
    if (end <= start) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), marked: false });
    pieces.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marked: false });
  return <>{pieces.map((p, i) => (p.marked ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>;
}
