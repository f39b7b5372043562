/**
 * The colours a brand colour gives the hosted pages and mail, readable whatever the owner picked (WCAG 2.x
 * contrast): text on a brand-coloured button is black or white, whichever contrasts more (never under 4.58:1),
 * and links and outlines on the light page use the colour darkened until it reaches 4.5:1 on the page's
 * background. So no colour needs refusing, and a pale yellow still gives readable links.
 */
import type { SiteBrand } from './types.js';

export interface BrandColours {
  /** The brand colour itself: button backgrounds, the mail's header band. */
  accent: string;
  /** Text on `accent`: #ffffff or #000000 (pure black, so the worse of the two still reaches 4.58:1). */
  onAccent: string;
  /** Links and outlines on the page background: `accent`, darkened where needed to keep 4.5:1. */
  link: string;
}

/** The page background the links sit on (hosted pages' body; cards are white, which contrasts more). */
export const PAGE_BACKGROUND = '#f6f6f4';
const DARK_TEXT = '#000000';
const LIGHT_TEXT = '#ffffff';

const channels = (hex: string): [number, number, number] =>
  [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** `hex` mixed toward black in small steps until it reads at 4.5:1 on `background`. */
function darkenFor(hex: string, background: string): string {
  const rgb = channels(hex);
  for (let keep = 1; keep >= 0; keep -= 0.05) {
    const candidate = toHex(rgb.map((c) => c * keep));
    if (contrast(candidate, background) >= 4.5) return candidate;
  }
  return '#000000';
}

/** The colours of a site's brand, or undefined when it sets none (the pages keep their own). */
export function brandColours(brand: SiteBrand | undefined): BrandColours | undefined {
  const colour = brand?.colour?.toLowerCase();
  if (!colour || !/^#[0-9a-f]{6}$/.test(colour)) return undefined;
  const onAccent = contrast(colour, LIGHT_TEXT) >= contrast(colour, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
  return { accent: colour, onAccent, link: darkenFor(colour, PAGE_BACKGROUND) };
}
