import { useEffect, useId, useRef, useState } from 'react';

/**
 * A destructive action that asks first, in a modal `<dialog>` (not window.confirm, which screen readers and
 * phone browsers handle poorly): the first press opens it, titled with the question and saying what will
 * happen; focus starts on Cancel, the safe choice; Escape cancels; the page behind is inert while it is
 * open, and focus returns to the button afterwards. `confirmLabel` does it.
 */
export function ConfirmButton({
  label,
  ariaLabel,
  question,
  consequence,
  confirmLabel,
  disabled,
  quiet,
  onConfirm,
}: {
  label: string;
  /** Outlined rather than filled red: for a destructive action beside the page's main one (Cancel order). */
  quiet?: boolean;
  /** The trigger's accessible name when `label` alone is ambiguous (a row's "Revoke"). */
  ariaLabel?: string;
  question: string;
  /** What will happen, in a sentence or two: what is lost, who is affected, whether it can be undone. */
  consequence?: string;
  confirmLabel: string;
  disabled?: boolean;
  onConfirm: () => unknown;
}) {
  const [asking, setAsking] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (asking && !element.open) {
      element.showModal();
      cancel.current?.focus();
    } else if (!asking && element.open) element.close();
  }, [asking]);

  return (
    <>
      <button
        type="button"
        className={quiet ? 'danger-quiet' : 'danger'}
        disabled={disabled}
        aria-label={ariaLabel}
        aria-haspopup="dialog"
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby={`${id}-q`}
        aria-describedby={consequence ? `${id}-c` : undefined}
        // Escape and the browser's own close: the same as Cancel.
        onClose={() => setAsking(false)}
      >
        {asking && (
          <>
            <h2 id={`${id}-q`}>{question}</h2>
            {consequence && <p id={`${id}-c`}>{consequence}</p>}
            <div className="dialog-actions">
              <button type="button" ref={cancel} className="secondary" onClick={() => setAsking(false)}>
                Cancel
              </button>
              <button
                type="button"
                className="danger"
                // The page's change is under way: its mutation's state disables this, as the trigger.
                disabled={disabled}
                onClick={async () => {
                  try {
                    await onConfirm();
                  } catch {
                    // A refusal is shown by the page (its mutation's error), not here.
                  } finally {
                    setAsking(false);
                  }
                }}
              >
                {confirmLabel}
              </button>
            </div>
          </>
        )}
      </dialog>
    </>
  );
}
