import { describe, expect, it } from 'vitest';
import { collapseSold } from './sold-collapse';

const isSold = (car: string) => car.startsWith('s');

describe('sold handling in lists', () => {
  // spec: catalogue §4 sold handling in lists — consecutive sold cars collapse to one.
  it('keeps the first car of each run of sold cars', () => {
    expect(collapseSold(['a', 's1', 's2', 's3', 'b', 's4', 'c', 's5', 's6'], isSold)).toEqual([
      'a',
      's1',
      'b',
      's4',
      'c',
      's5',
    ]);
    expect(collapseSold(['s1', 's2', 'a'], isSold)).toEqual(['s1', 'a']);
    expect(collapseSold(['a', 'b'], isSold)).toEqual(['a', 'b']);
  });

  // spec: catalogue §4 sold handling in lists — unless all are sold, in which case all are shown.
  it('shows every car when all are sold', () => {
    expect(collapseSold(['s1', 's2', 's3'], isSold)).toEqual(['s1', 's2', 's3']);
    expect(collapseSold([], isSold)).toEqual([]);
  });

  // spec: catalogue §4 sold handling in lists — the list is filtered, not edited in place.
  it('does not change the input', () => {
    const cars = ['s1', 's2', 'a'];
    collapseSold(cars, isSold);
    expect(cars).toEqual(['s1', 's2', 'a']);
  });
});
