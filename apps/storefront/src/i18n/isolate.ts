/**
 * A user's text (an email, a name) isolated inside a sentence, as `<bdi>` does for an element: U+2068 FIRST
 * STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE, so "foo@example.com." keeps its dot in an Arabic sentence.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
