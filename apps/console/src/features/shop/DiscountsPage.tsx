import { useState } from 'react';
import type { Discount } from '../../api/types.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useShopCurrency } from './catalog-api.js';
import { DiscountForm } from './DiscountForm.js';
import { useDeleteDiscount, useDiscounts } from './discounts-api.js';
import { formatMoney } from './money.js';
import { shopMessage } from './shop-messages.js';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
const period = (d: Discount) =>
  d.startsAt && d.endsAt
    ? `${when(d.startsAt)} – ${when(d.endsAt)}`
    : d.startsAt
      ? `From ${when(d.startsAt)}`
      : d.endsAt
        ? `Until ${when(d.endsAt)}`
        : 'Always';

/** Discount codes: percentage or amount off, a minimum subtotal, dates, a usage limit; owners and editors change them. */
export function DiscountsPage({ siteId, canChange }: { siteId: string; canChange: boolean }) {
  const discounts = useDiscounts(siteId);
  const { data: currency = 'USD' } = useShopCurrency(siteId);
  const remove = useDeleteDiscount(siteId);
  const [editing, setEditing] = useState<Discount>();
  const [done, setDone] = useState<string>();
  const list = discounts.data?.discounts ?? [];
  return (
    <>
      <PageHeading>Discount codes</PageHeading>
      <Notice error={discounts.error?.message ?? shopMessage(remove.error)} success={done || undefined} />
      {canChange && (
        <DiscountForm
          key={editing?.id ?? 'new'}
          siteId={siteId}
          currency={currency}
          editing={editing}
          onDone={(message) => {
            setEditing(undefined);
            setDone(message);
          }}
        />
      )}
      <h2>Codes</h2>
      {discounts.isSuccess && !list.length && <p>No discount codes yet.</p>}
      {list.length > 0 && (
        <div className="table-wrap">
          <table aria-busy={discounts.isFetching}>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Minimum subtotal</th>
                <th scope="col">When</th>
                <th scope="col">Used</th>
                <th scope="col">Status</th>
                {canChange && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {list.map((d) => (
                <tr key={d.id}>
                  <td data-label="Code">
                    <code>{d.code}</code>
                  </td>
                  <td data-label="Discount">
                    {d.kind === 'percentage' ? `${d.value}% off` : `${formatMoney(d.value, d.currency)} off`}
                  </td>
                  <td data-label="Minimum subtotal">
                    {d.minSubtotal ? formatMoney(d.minSubtotal, d.currency) : 'None'}
                  </td>
                  <td data-label="When">{period(d)}</td>
                  <td data-label="Used">{d.usageLimit === null ? `${d.used}` : `${d.used} of ${d.usageLimit}`}</td>
                  <td data-label="Status">{d.active ? 'Active' : 'Off'}</td>
                  {canChange && (
                    <td data-label="Actions">
                      <div className="actions">
                        <button
                          type="button"
                          className="secondary"
                          aria-label={`Change ${d.code}`}
                          onClick={() => (setDone(undefined), setEditing(d))}
                        >
                          Change
                        </button>
                        <ConfirmButton
                          label="Delete"
                          ariaLabel={`Delete ${d.code}`}
                          question={`Delete the code ${d.code}?`}
                          consequence="Shoppers can no longer use it. Orders placed with it keep their discount."
                          confirmLabel="Yes, delete it"
                          disabled={remove.isPending}
                          onConfirm={() =>
                            remove.mutateAsync(d.id).then(() => setDone(`Discount code ${d.code} deleted.`))
                          }
                        />
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
