/** Test helper (not shipped): a minimal window + document for the silent-login frame. */
import type { SilentFrameOptions } from '../src/auth/silent-frame.js';

export const ORIGIN = 'https://api.test';

/** Minimal window + document: records the order of events and lets the test post messages. */
export function fakeBrowser() {
  const log: string[] = [];
  const listeners = new Set<(e: MessageEvent) => void>();
  const frames: { src: string; style: { display: string }; removed: boolean }[] = [];
  const window = {
    addEventListener: (type: string, l: (e: MessageEvent) => void) => {
      log.push('listen:' + type);
      listeners.add(l);
    },
    removeEventListener: (type: string, l: (e: MessageEvent) => void) => {
      log.push('unlisten:' + type);
      listeners.delete(l);
    },
  };
  const document = {
    createElement: () => {
      const frame = {
        src: '',
        style: { display: '' },
        removed: false,
        remove() {
          frame.removed = true;
          log.push('remove-frame');
        },
      };
      frames.push(frame);
      return frame;
    },
    body: { appendChild: (f: { src: string }) => log.push('append-frame:' + f.src) },
  };
  const post = (data: unknown, origin = ORIGIN) => listeners.forEach((l) => l({ data, origin } as MessageEvent));
  return {
    log,
    frames,
    listeners,
    post,
    deps: { window, document } as unknown as Pick<SilentFrameOptions, 'window' | 'document'>,
  };
}
