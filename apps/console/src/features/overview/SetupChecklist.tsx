import { useState } from 'react';
import { Link } from '../../components/Link.js';
import { useSetupChecklist } from './api.js';
import { setupSteps } from './setup-steps.js';

const hiddenKey = (siteId: string) => `vitrine-console:setup-checklist-hidden:${siteId}`;

function storedHidden(siteId: string): boolean {
  try {
    return localStorage.getItem(hiddenKey(siteId)) === '1';
  } catch {
    return false; // storage refused (private mode): the checklist simply shows
  }
}

function storeHidden(siteId: string, hidden: boolean) {
  try {
    if (hidden) localStorage.setItem(hiddenKey(siteId), '1');
    else localStorage.removeItem(hiddenKey(siteId));
  } catch {
    // the choice lasts for this page only
  }
}

/**
 * "Set up your shop" on the Overview (issue #53): products, payments, delivery, mail and the domain, each done or
 * not as the server finds it, each leading to where it is done. Hidden per site and browser on request, with a
 * way to show it again.
 */
export function SetupChecklist({ siteId }: { siteId: string }) {
  const { data } = useSetupChecklist(siteId);
  const [hidden, setHidden] = useState(() => storedHidden(siteId));
  if (!data) return null;
  const hide = (value: boolean) => (storeHidden(siteId, value), setHidden(value));
  if (hidden)
    return (
      <p>
        <button type="button" className="secondary" onClick={() => hide(false)}>
          Show the setup checklist
        </button>
      </p>
    );
  const steps = setupSteps(data);
  const done = steps.filter((s) => s.done).length;
  return (
    <section aria-labelledby="setup-heading" className="setup-checklist">
      <h2 id="setup-heading">Set up your shop</h2>
      <p id="setup-progress">
        {done === steps.length ? 'All done: the shop is ready for shoppers.' : `${done} of ${steps.length} done.`}
      </p>
      <ol aria-describedby="setup-progress">
        {steps.map((step) => (
          <li key={step.id} className={step.done ? 'setup-step setup-step--done' : 'setup-step'}>
            <span className="setup-step__mark" aria-hidden="true">
              {step.done ? '✓' : ''}
            </span>
            <div>
              <h3>
                {step.title}
                <span className="visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
              </h3>
              <p>{step.detail}</p>
              {step.action && (
                <Link to={step.action.to} className={step.done ? undefined : 'button-link'}>
                  {step.action.label}
                </Link>
              )}
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="secondary" onClick={() => hide(true)}>
        Hide the checklist
      </button>
    </section>
  );
}
