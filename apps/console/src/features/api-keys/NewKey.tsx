import { CopyField } from '../../components/CopyField.js';

/** The new key, shown once: a read-only field labelled "New API key" and a copy button. */
export function NewKey({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  return (
    <section className="notice notice-success" aria-labelledby="new-key-heading">
      <h2 id="new-key-heading">Key "{name}" created</h2>
      <p>Copy it now: it is kept only as a hash and will not be shown again.</p>
      <CopyField label="New API key" value={apiKey} noun="key" onDone={onDone} />
    </section>
  );
}
