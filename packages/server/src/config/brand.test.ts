import { describe, expect, it } from 'vitest';
import { brandColours, contrast, PAGE_BACKGROUND } from './brand.js';

describe('brand colours', () => {
  it('answers nothing without a colour, so pages keep their own', () => {
    expect(brandColours(undefined)).toBeUndefined();
    expect(brandColours({ logo: '/_media/0123456789abcdef01234567.png' })).toBeUndefined();
    expect(brandColours({ colour: 'red' })).toBeUndefined();
  });

  it('puts white text on a dark colour and dark text on a pale one', () => {
    expect(brandColours({ colour: '#0B6E4F' })).toMatchObject({ accent: '#0b6e4f', onAccent: '#ffffff' });
    expect(brandColours({ colour: '#ffe066' })).toMatchObject({ onAccent: '#000000' });
  });

  it('keeps every colour readable: text on the button and links on the page at 4.5:1 or more', () => {
    for (const colour of ['#ffffff', '#ffe066', '#777777', '#00ff00', '#1d5fd1', '#000000', '#ff0000', '#808080']) {
      const c = brandColours({ colour })!;
      expect(contrast(c.onAccent, c.accent), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.link, PAGE_BACKGROUND), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('leaves a colour that already reads well as the link colour', () => {
    expect(brandColours({ colour: '#0b6e4f' })!.link).toBe('#0b6e4f');
    expect(brandColours({ colour: '#ffe066' })!.link).not.toBe('#ffe066');
  });
});
