import { describe, expect, it } from 'vitest';
import { maskPhone } from './dealer-phone';

describe('dealer phone', () => {
  // spec: catalogue §4 dealer phone — masked after the first 5 characters until clicked.
  it('keeps the first 5 characters and masks later digits, keeping the length', () => {
    expect(maskPhone('(02) 9555 0100')).toBe('(02) XXXX XXXX');
    expect(maskPhone('0412 345 678')).toBe('0412 XXX XXX');
    expect(maskPhone('+61 2 9555 0100')).toBe('+61 2 XXXX XXXX');
    expect(maskPhone('1300 1')).toBe('1300 X');
    expect(maskPhone('123')).toBe('123');
    expect(maskPhone('(02) 9555 0100').length).toBe('(02) 9555 0100'.length);
  });
});
