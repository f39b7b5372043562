/**
 * Focus after navigation: the layout marks a pending focus when the path changes, and the next
 * `PageHeading` to mount (or update) takes it. The first page load keeps the browser's default focus.
 */
let pending = false;

export function requestRouteFocus(): void {
  pending = true;
}

export function consumeRouteFocus(): boolean {
  const was = pending;
  pending = false;
  return was;
}
