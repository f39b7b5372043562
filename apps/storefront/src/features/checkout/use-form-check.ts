import { useLingui } from '@lingui/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * The checkout form's own check, instead of the browser's bubbles (which sat over the sticky header, issue #53): the
 * browser still judges the fields (`required`, `type="email"`), each invalid field gets one message in the shop's
 * language under it, and the first one is scrolled below the header (checkout.css: scroll-margin-top) and focused.
 * Spread `form` on the `<form>`, call `start` when the submit button is pressed, and read `errors` by field name.
 */
export function useFormCheck() {
  const { _ } = useLingui();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const revealed = useRef(false);
  const start = useCallback(() => {
    revealed.current = false;
  }, []);
  const onInvalidCapture = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault(); // no browser bubble: the message is under the field
    const field = event.target as Control;
    const message = field.validity.typeMismatch ? _('checkout.emailInvalid') : _('checkout.fieldRequired');
    setErrors((all) => ({ ...all, [field.name]: message }));
    if (revealed.current) return;
    revealed.current = true;
    field.scrollIntoView?.({ block: 'start' });
    field.focus({ preventScroll: true });
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const { name } = event.target as Control;
    if (name) setErrors(({ [name]: _fixed, ...rest }) => rest);
  };
  return { errors, start, form: { onInvalidCapture, onChange } };
}

/** A message that appears after an action: scrolled below the sticky header and focused, so it is seen and read. */
export function useRevealed<T extends HTMLElement>(message: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!message || !ref.current) return;
    // Optional call: jsdom (the ui tests) has no scrolling.
    ref.current.scrollIntoView?.({ block: 'start' });
    ref.current.focus({ preventScroll: true });
  }, [message]);
  return ref;
}
