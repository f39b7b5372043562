import { useLingui } from '@lingui/react';

/** Placeholder blocks shown while content loads; hidden from assistive technology, which hears `label`. */
export function Skeleton({ lines = 3, label }: { lines?: number; label?: string }) {
  const { _ } = useLingui();
  return (
    <div className="skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? _('common.loading')}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton__line" aria-hidden="true" />
      ))}
    </div>
  );
}

export function CardGridSkeleton({ count = 8 }: { count?: number }) {
  const { _ } = useLingui();
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{_('catalog.loadingProducts')}</span>
      <ul className="product-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="product-card product-card--skeleton">
            <div className="product-card__image skeleton__block" />
            <div className="skeleton__line" />
            <div className="skeleton__line skeleton__line--short" />
          </li>
        ))}
      </ul>
    </div>
  );
}
