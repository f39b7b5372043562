import { afterEach, describe, expect, it, vi } from 'vitest';
import { VitrineError } from '../http/errors.js';
import { SILENT_LOGIN_TIMEOUT_MS, waitForFrameMessage } from './silent-frame.js';
import { ORIGIN, fakeBrowser } from '../../test-support/fake-browser.js';

afterEach(() => vi.useRealTimers());

describe('waitForFrameMessage', () => {
  it('listens before inserting a hidden frame, then resolves and cleans up', async () => {
    const b = fakeBrowser();
    const p = waitForFrameMessage({ ...b.deps, url: 'https://api.test/authorize?x', state: 'S', origin: ORIGIN });
    expect(b.log).toEqual(['listen:message', 'append-frame:https://api.test/authorize?x']);
    expect(b.frames[0]!.style.display).toBe('none');
    b.post({ code: 'C', state: 'S' });
    await expect(p).resolves.toEqual({ code: 'C', state: 'S' });
    expect(b.frames[0]!.removed).toBe(true);
    expect(b.listeners.size).toBe(0);
  });

  it('ignores messages with another state, another origin, or no data', async () => {
    const b = fakeBrowser();
    const p = waitForFrameMessage({ ...b.deps, url: 'u', state: 'S', origin: ORIGIN });
    b.post({ code: 'evil', state: 'S' }, 'https://evil.test');
    b.post({ code: 'C', state: 'other' });
    b.post(null);
    b.post('S');
    expect(b.frames[0]!.removed).toBe(false);
    b.post({ code: 'C', state: 'S' });
    await expect(p).resolves.toEqual({ code: 'C', state: 'S' });
  });

  it('fails fast when the matching message carries an error', async () => {
    const b = fakeBrowser();
    const p = waitForFrameMessage({ ...b.deps, url: 'u', state: 'S', origin: ORIGIN });
    b.post({ state: 'S', error: 'login_required', error_description: 'No session' });
    const error = await p.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VitrineError);
    expect(error).toMatchObject({ code: 'OAUTH_ERROR', message: 'No session' });
    expect(b.frames[0]!.removed).toBe(true);
    expect(b.listeners.size).toBe(0);
  });

  it('times out after 120000 ms and cleans up', async () => {
    vi.useFakeTimers();
    const b = fakeBrowser();
    const p = waitForFrameMessage({ ...b.deps, url: 'u', state: 'S', origin: ORIGIN });
    const settled = p.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(SILENT_LOGIN_TIMEOUT_MS - 1);
    expect(b.frames[0]!.removed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled).toMatchObject({ code: 'OAUTH_TIMEOUT', message: 'OAuth flow timed out' });
    expect(b.frames[0]!.removed).toBe(true);
    expect(b.listeners.size).toBe(0);
    expect(SILENT_LOGIN_TIMEOUT_MS).toBe(120000);
  });
});
