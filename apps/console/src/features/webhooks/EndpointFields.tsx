import type { useForm } from '../../forms/use-form.js';
import { EVENT_HINT } from './types.js';

export type EndpointForm = { url: string; events: string; description: string };

/** The URL, Events and Description fields of an endpoint, shared by the create and edit forms. */
export function EndpointFields({
  field,
  idPrefix,
  urlPlaceholder,
}: {
  field: ReturnType<typeof useForm<EndpointForm>>['field'];
  idPrefix: string;
  urlPlaceholder?: string;
}) {
  const hintId = `${idPrefix}events-hint`;
  return (
    <>
      <label>
        URL
        <input type="url" required placeholder={urlPlaceholder} {...field('url')} />
      </label>
      <label>
        Events
        <input required {...field('events')} aria-describedby={hintId} />
      </label>
      <p id={hintId} className="help">
        {EVENT_HINT}
      </p>
      <label>
        Description
        <input {...field('description')} />
      </label>
    </>
  );
}
