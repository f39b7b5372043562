/**
 * The Translations section's values: one text per translatable field for the chosen language. An
 * empty field means "no translation" and is sent as null, so the item shows its default-language
 * value there again (rather than an empty title).
 */
export function translationForm(
  fields: readonly string[],
  stored: Record<string, string> | undefined,
): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f, stored?.[f] ?? '']));
}

export function translationValues(
  fields: readonly string[],
  form: Record<string, string>,
): Record<string, string | null> {
  return Object.fromEntries(fields.map((f) => [f, form[f]?.trim() ? form[f]! : null]));
}

/** A language as its speakers write it ("Français", "العربية"); the tag itself where the browser cannot name it. */
export function languageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    return name ? name.charAt(0).toLocaleUpperCase(tag) + name.slice(1) : tag;
  } catch {
    return tag;
  }
}

/** A default-language value shown as a hint beside the translation field. */
export function hintText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Rich text (HTML) as the words a reader sees, for the hint beside its translation: entities read, tags gone. */
export function plainTextOf(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  // Block ends become spaces, so "<li>a</li><li>b</li>" reads "a b", not "ab".
  body.querySelectorAll('p, li, h2, h3, blockquote, br').forEach((el) => el.append(' '));
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
