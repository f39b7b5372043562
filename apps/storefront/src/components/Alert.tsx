import type { ReactNode } from 'react';

/** A message box: `error` is announced at once (role alert), `info`/`success` politely (role status). */
export function Alert({
  tone = 'info',
  children,
  title,
}: {
  tone?: 'info' | 'error' | 'success';
  title?: string;
  children: ReactNode;
}) {
  return (
    <div className={`alert alert--${tone}`} role={tone == 'error' ? 'alert' : 'status'}>
      {title && <p className="alert__title">{title}</p>}
      <div>{children}</div>
    </div>
  );
}
