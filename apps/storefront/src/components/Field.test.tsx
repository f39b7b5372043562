import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './Field.js';

afterEach(cleanup);

describe('Field', () => {
  it('labels the input and ties hint and error to it', () => {
    render(<Field label="Password" type="password" error="The password is incorrect." hint="At least 8 characters." />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['The password is incorrect.', 'At least 8 characters.']);
  });

  it('is not marked invalid without an error', () => {
    render(<Field label="Email" />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });
});
