import { EVENT_HINT } from './types.js';

export interface EndpointForm {
  url: string;
  events: string;
  description: string;
}

/** The URL, Events and Description fields of an endpoint, shared by the create and edit forms. */
export function EndpointFields({
  form,
  onChange,
  idPrefix,
  urlPlaceholder,
}: {
  form: EndpointForm;
  onChange: (form: EndpointForm) => void;
  idPrefix: string;
  urlPlaceholder?: string;
}) {
  const hintId = `${idPrefix}events-hint`;
  return (
    <>
      <label>
        URL
        <input
          type="url"
          required
          value={form.url}
          placeholder={urlPlaceholder}
          onChange={(e) => onChange({ ...form, url: e.target.value })}
        />
      </label>
      <label>
        Events
        <input
          required
          value={form.events}
          aria-describedby={hintId}
          onChange={(e) => onChange({ ...form, events: e.target.value })}
        />
      </label>
      <p id={hintId} className="help">
        {EVENT_HINT}
      </p>
      <label>
        Description
        <input value={form.description} onChange={(e) => onChange({ ...form, description: e.target.value })} />
      </label>
    </>
  );
}
