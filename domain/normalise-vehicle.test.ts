import { describe, expect, it } from 'vitest';
import { normaliseMake, normaliseModel, normaliseVehicle } from './normalise-vehicle';

describe('import normalisations (catalogue §9)', () => {
  it('renames single-digit Mazda and MG models', () => {
    expect(normaliseModel('Mazda', '3')).toBe('Mazda3');
    expect(normaliseModel('Mazda', '2')).toBe('Mazda2');
    expect(normaliseModel('MG', '3')).toBe('MG3');
    expect(normaliseModel('Mazda', 'CX-5')).toBe('CX-5');
    expect(normaliseModel('Toyota', '3')).toBe('3');
    expect(normaliseModel('Mazda', '10')).toBe('10');
  });

  it('normalises manufacturer names', () => {
    expect(normaliseMake('Suzuki Australia')).toBe('Suzuki');
    expect(normaliseMake('Mercedes Benz')).toBe('Mercedes-Benz');
    expect(normaliseMake('Isuzu UTE')).toBe('Isuzu');
    expect(normaliseMake(' Toyota ')).toBe('Toyota');
  });

  it('normalises a whole record without changing other fields', () => {
    expect(normaliseVehicle({ make: 'Mazda', model: '3', id: 1 })).toEqual({ make: 'Mazda', model: 'Mazda3', id: 1 });
  });
});
