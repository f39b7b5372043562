const formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatPrice = (amount: number): string => formatter.format(amount);

export function Price({ amount, className }: { amount: number; className?: string }) {
  return <span className={className ?? 'price'}>{formatPrice(amount)}</span>;
}
