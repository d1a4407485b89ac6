import { describe, expect, it } from 'vitest';
import { ALL_MODELS_PATH, modelsMenu } from './models-menu';

const mazda = { name: 'Mazda', slug: 'mazda' };
const kia = { name: 'Kia', slug: 'kia' };

describe('the New Vehicles models dropdown', () => {
  // spec: conversion §2.4 — "New Vehicles (models dropdown)"; §2.3 model pages are /models/{slug}.
  it('links each model to its /models/{slug} page in catalogue order, in one group for one make', () => {
    expect(
      modelsMenu([
        { name: 'Mazda3', slug: 'mazda3', make: mazda },
        { name: 'CX-5', slug: 'cx-5', make: mazda },
      ]),
    ).toEqual([
      {
        make: 'Mazda',
        links: [
          { label: 'Mazda3', href: '/models/mazda3' },
          { label: 'CX-5', href: '/models/cx-5' },
        ],
      },
    ]);
    expect(ALL_MODELS_PATH).toBe('/models');
  });

  it('groups by make, makes in order of first appearance, and lists a repeated model once', () => {
    const groups = modelsMenu([
      { name: 'CX-5', slug: 'cx-5', make: mazda },
      { name: 'Sportage', slug: 'sportage', make: kia },
      { name: 'BT-50', slug: 'bt-50', make: mazda },
      { name: 'CX-5', slug: 'cx-5', make: mazda },
    ]);
    expect(groups.map((g) => [g.make, g.links.map((l) => l.label)])).toEqual([
      ['Mazda', ['CX-5', 'BT-50']],
      ['Kia', ['Sportage']],
    ]);
  });

  it('has nothing to show without models', () => {
    expect(modelsMenu([])).toEqual([]);
  });
});
