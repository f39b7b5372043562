import { useState } from 'react';

/** Copy-paste code that connects `@vitrine/sdk` or the unmodified `@wix/sdk` to this server and client. */
export function SdkSnippet({ publicUrl, clientId }: { publicUrl: string; clientId: string }) {
  const [copied, setCopied] = useState<string>();
  const vitrine = `import { createClient, OAuthStrategy, localStorageTokens } from '@vitrine/sdk';
import { items } from '@vitrine/sdk/data';

const client = createClient({
  auth: OAuthStrategy({ clientId: '${clientId}', baseUrl: '${publicUrl}', tokenStorage: localStorageTokens() }),
  modules: { items },
});`;
  const wix = `import { createClient, OAuthStrategy } from '@wix/sdk';
import { items } from '@wix/data';

// @wix/sdk always calls www.wixapis.com: send those requests to this server instead.
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (url.hostname !== 'www.wixapis.com' && url.hostname !== 'edge.wixapis.com') return realFetch(request);
  return realFetch(new Request('${publicUrl}' + url.pathname + url.search, request));
};

const client = createClient({ auth: OAuthStrategy({ clientId: '${clientId}' }), modules: { items } });`;
  const copy = async (name: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`${name} snippet copied.`);
    } catch {
      setCopied('Copying is not allowed here; select the text instead.');
    }
  };
  return (
    <section aria-labelledby="snippet-heading">
      <h3 id="snippet-heading">Connect an app</h3>
      {[
        { name: '@vitrine/sdk', text: vitrine },
        { name: '@wix/sdk', text: wix },
      ].map((s) => (
        <div key={s.name} className="snippet">
          <h4>{s.name}</h4>
          <pre aria-label={`${s.name} snippet`} tabIndex={0}>
            <code>{s.text}</code>
          </pre>
          <button type="button" onClick={() => void copy(s.name, s.text)}>
            Copy {s.name} snippet
          </button>
        </div>
      ))}
      {copied && <p role="status">{copied}</p>}
    </section>
  );
}
