/**
 * `language` on the provider and `useLanguage`: the client gets the language before the first query,
 * a change reaches the client and refetches what was cached in the previous language. (The member
 * profile update runs against a real server in apps/storefront/src/i18n/language.integration.test.tsx.)
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeAuth, tokensFor } from '../test-support/fake-auth.js';
import { useLanguage, useQuery } from './hooks.js';
import { VitrineProvider } from './provider.js';

afterEach(cleanup);

/** A client as `@vitrine/sdk` shapes it: the fake auth plus a language its calls would send. */
function languageClient() {
  const fake = fakeAuth(tokensFor('visitor-1', 'visitor'));
  const sent: (string | undefined)[] = [];
  const client = {
    auth: fake.auth,
    language: undefined as string | undefined,
    setLanguage(language: string | undefined) {
      client.language = language;
    },
  };
  return { fake, client, sent };
}

function Catalog({ sent, client }: { sent: (string | undefined)[]; client: { language?: string } }) {
  const { language, setLanguage } = useLanguage();
  // The fetcher records the language the client would send with this query.
  const { data } = useQuery(['catalog'], async () => (sent.push(client.language), `items in ${client.language}`), {
    shared: true,
  });
  return (
    <>
      <p data-testid="language">{language}</p>
      <p data-testid="data">{data}</p>
      <button onClick={() => void setLanguage('ar')}>change</button>
    </>
  );
}

describe('useLanguage', () => {
  it('sets the start language on the client before the first query, then changes it and refetches', async () => {
    const { client, sent } = languageClient();
    render(
      <StrictMode>
        <VitrineProvider client={client} apiBaseUrl="https://api.example" language="fr">
          <Catalog sent={sent} client={client} />
        </VitrineProvider>
      </StrictMode>,
    );
    expect(screen.getByTestId('language').textContent).toBe('fr');
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('items in fr'));
    expect(sent).toEqual(['fr']);

    await act(async () => screen.getByText('change').click());
    expect(client.language).toBe('ar');
    expect(screen.getByTestId('language').textContent).toBe('ar');
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('items in ar'));
    expect(sent).toEqual(['fr', 'ar']);
  });

  it("reads the client's own language when the provider is given none", () => {
    const { client, sent } = languageClient();
    client.setLanguage('de');
    render(
      <VitrineProvider client={client} apiBaseUrl="https://api.example">
        <Catalog sent={sent} client={client} />
      </VitrineProvider>,
    );
    expect(screen.getByTestId('language').textContent).toBe('de');
  });
});
