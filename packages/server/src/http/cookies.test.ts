import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { cookieOptions } from './cookies.js';

describe('cookies', () => {
  it('are Secure when the public URL is https', () => {
    const https = cookieOptions({ config: { publicUrl: 'https://shop.example' } } as AppContext, 60);
    expect(https).toEqual({ path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60, secure: true });
    expect(cookieOptions({ config: { publicUrl: 'http://localhost:8080' } } as AppContext, 60).secure).toBe(false);
  });
});
