import { describe, expect, it } from 'vitest';
import { CAR_CATEGORIES, categoriesOf, findCategory, orderCategories } from './car-categories';

describe('car categories (spec: catalogue §3 Search facets: categories)', () => {
  it('works categories out from body type, seats, drive and fuel', () => {
    expect(categoriesOf({ simple_body: 'SUV', seats: 5, drive: 'AWD', simple_fuel: 'Petrol' })).toEqual(['SUV']);
    expect(categoriesOf({ simple_body: 'Ute', seats: 5, drive: '4x4', simple_fuel: 'Diesel' })).toEqual(['Ute', '4x4']);
    expect(categoriesOf({ simple_body: 'Cab Chassis', seats: 2, drive: '4WD' })).toEqual(['Ute', '4x4']);
    expect(categoriesOf({ simple_body: 'Hatch', seats: 5, drive: 'FWD', simple_fuel: 'Hybrid' })).toEqual([
      'Small car',
      'Electric & hybrid',
    ]);
    expect(categoriesOf({ simple_body: 'SUV', seats: 7, drive: 'AWD', simple_fuel: 'PHEV' })).toEqual([
      'SUV',
      '7+ seats',
      'Electric & hybrid',
    ]);
    expect(categoriesOf({ simple_body: 'People Mover', seats: 8 })).toEqual(['7+ seats', 'Van & people mover']);
    expect(categoriesOf({ simple_body: 'Convertible', seats: 4 })).toEqual(['Sports & convertible']);
    expect(categoriesOf({ simple_body: 'softTop' })).toEqual(['Sports & convertible']);
  });

  it('puts a car in no category when nothing says which', () => {
    expect(categoriesOf({ simple_body: 'Sedan', seats: 5, drive: 'FWD', simple_fuel: 'Petrol' })).toEqual([]);
    expect(categoriesOf({})).toEqual([]);
    expect(categoriesOf({ simple_body: null, seats: null, drive: null, simple_fuel: null })).toEqual([]);
  });

  it('has a plain rule and a unique label for each category', () => {
    expect(new Set(CAR_CATEGORIES.map((c) => c.label.toLowerCase())).size).toBe(CAR_CATEGORIES.length);
    for (const category of CAR_CATEGORIES) expect(category.rule.length).toBeGreaterThan(5);
  });

  it('finds a category whatever the case and orders facet values in the fixed order', () => {
    expect(findCategory(' electric & HYBRID ')?.label).toBe('Electric & hybrid');
    expect(findCategory('Sedan')).toBeUndefined();
    const ordered = orderCategories({ 'Electric & hybrid': 40, SUV: 2, Other: 9, '7+ seats': 5 });
    expect(ordered.map((v) => v.value)).toEqual(['SUV', '7+ seats', 'Electric & hybrid', 'Other']);
  });
});
