import { useEffect, useRef, useState } from 'react';

/**
 * A destructive action that asks first, inline rather than with window.confirm (which screen readers
 * and phone browsers handle poorly): the first press shows the question and moves focus to Cancel,
 * the safe choice; `confirmLabel` does it.
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  disabled,
  onConfirm,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  disabled?: boolean;
  onConfirm: () => void | Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" className="danger" disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div role="group" aria-label={question} className="confirm">
      <p>{question}</p>
      <button
        type="button"
        className="danger"
        disabled={disabled}
        onClick={async () => {
          await onConfirm();
          setAsking(false);
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" ref={cancel} className="secondary" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </div>
  );
}
