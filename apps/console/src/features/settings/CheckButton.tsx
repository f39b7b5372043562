/** A check the server runs and answers in a sentence (`{ok, message}`): the button, then the answer under it. */
export interface CheckMutation {
  mutate(): void;
  isPending: boolean;
  error: Error | null;
  data?: { ok: boolean; message: string } | undefined;
}

export function CheckButton({
  check,
  label,
  busyLabel,
  ariaLabel,
}: {
  check: CheckMutation;
  label: string;
  busyLabel: string;
  ariaLabel?: string;
}) {
  const result = check.error ? { ok: false, message: check.error.message } : check.data;
  return (
    <>
      <button
        type="button"
        className="secondary"
        onClick={() => check.mutate()}
        disabled={check.isPending}
        aria-label={ariaLabel}
      >
        {check.isPending ? busyLabel : label}
      </button>
      {result && (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={result.ok ? 'notice notice-success' : 'notice notice-error'}
        >
          {result.message}
        </p>
      )}
    </>
  );
}
