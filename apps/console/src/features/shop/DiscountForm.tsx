import { useState, type FormEvent } from 'react';
import type { Discount } from '../../api/types.js';
import { Notice } from '../../components/Notice.js';
import { useForm } from '../../forms/use-form.js';
import { blankDiscount, discountChange, DiscountFieldError, fieldsOf } from './discount-form.js';
import { useSaveDiscount } from './discounts-api.js';
import { amountHint } from './money.js';
import { shopMessage } from './shop-messages.js';

/** Create a discount code, or change `editing`; the server's refusals (a code taken) are said in words. */
export function DiscountForm({
  siteId,
  currency,
  editing,
  onDone,
}: {
  siteId: string;
  currency: string;
  editing?: Discount;
  onDone: (message: string) => void;
}) {
  const save = useSaveDiscount(siteId);
  const form = useForm(editing ? fieldsOf(editing) : blankDiscount, save);
  const [mistake, setMistake] = useState<string>();
  const amount = form.values.kind === 'amount';
  const submit = (e: FormEvent) => {
    setMistake(undefined);
    form.onSubmit((values) => {
      try {
        const change = discountChange(values, currency);
        save.mutate(
          { ...(editing ? { id: editing.id } : {}), change },
          {
            onSuccess: ({ discount }) => {
              form.reset();
              onDone(editing ? `Discount code ${discount.code} saved.` : `Discount code ${discount.code} created.`);
            },
          },
        );
      } catch (error) {
        if (error instanceof DiscountFieldError) setMistake(error.message);
        else throw error;
      }
    })(e);
  };
  return (
    <form className="form discount-form" onSubmit={submit} aria-labelledby="discount-form-heading">
      <h2 id="discount-form-heading">{editing ? `Change ${editing.code}` : 'New discount code'}</h2>
      <label>
        Code
        <input required maxLength={40} spellCheck={false} autoCapitalize="characters" {...form.field('code')} />
      </label>
      <p className="help">Letters, digits, - or _; shoppers may type it in any case.</p>
      <fieldset>
        <legend>Discount</legend>
        <label className="checkbox">
          <input type="radio" name="kind" checked={!amount} onChange={() => form.set('kind', 'percentage')} />A
          percentage of the order
        </label>
        <label className="checkbox">
          <input type="radio" name="kind" checked={amount} onChange={() => form.set('kind', 'amount')} />
          {`An amount off (${currency})`}
        </label>
        <label>
          {amount ? `Amount off (${amountHint(currency)})` : 'Percentage off (1 to 100)'}
          <input required inputMode={amount ? 'decimal' : 'numeric'} {...form.field('value')} />
        </label>
      </fieldset>
      <label>
        {`Minimum subtotal (${currency}, optional)`}
        <input inputMode="decimal" {...form.field('minSubtotal')} />
      </label>
      <div className="toolbar">
        <label>
          Starts (optional)
          <input type="datetime-local" {...form.field('startsAt')} />
        </label>
        <label>
          Ends (optional)
          <input type="datetime-local" {...form.field('endsAt')} />
        </label>
      </div>
      <label>
        Usage limit (orders, optional)
        <input inputMode="numeric" {...form.field('usageLimit')} />
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.values.active === 'yes'}
          onChange={(e) => form.set('active', e.target.checked ? 'yes' : 'no')}
        />
        Active (shoppers may use it)
      </label>
      <Notice error={mistake ?? shopMessage(save.error)} />
      <div className="actions">
        <button type="submit" disabled={form.busy}>
          {editing ? 'Save code' : 'Create code'}
        </button>
        {editing && (
          <button type="button" className="secondary" onClick={() => onDone('')}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
