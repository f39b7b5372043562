/** Messages after an action: errors are alerts (read at once), successes a polite status. */
export function Notice({ error, success }: { error?: string | undefined; success?: string | undefined }) {
  if (error)
    return (
      <p role="alert" className="notice notice-error">
        {error}
      </p>
    );
  if (success)
    return (
      <p role="status" className="notice notice-success">
        {success}
      </p>
    );
  return null;
}
