/** The words of a oneOf/anyOf chooser (issue 32): titles, else what each alternative is; never "Option 1". */
import { describe, expect, it } from 'vitest';
import { branchLabel, branchLabels, humanise } from './branch-labels';

describe('branchLabel', () => {
  it('uses a title when the alternative has one', () => {
    expect(branchLabel({ title: 'Choices you write', type: 'array' }, 0)).toBe('Choices you write');
  });

  it('names an untitled alternative by its constant or its discriminating property', () => {
    expect(branchLabel({ const: 'serviceLocations' }, 0)).toBe('Service locations');
    expect(branchLabel({ const: true }, 0)).toBe('On');
    expect(branchLabel({ enum: ['dealer-group'] }, 0)).toBe('Dealer group');
    expect(
      branchLabel({ type: 'object', properties: { type: { title: 'Destination type', const: 'email' } } }, 1),
    ).toBe('Email');
  });

  it('names an alternative by the settings it requires, with their titles', () => {
    const parent = { properties: { fields: { title: 'Fields' }, steps: { title: 'Steps' } } };
    expect(branchLabel({ properties: { fields: true }, required: ['fields'] }, 0, parent)).toBe('With fields');
    expect(branchLabel({ required: ['to'], properties: { to: { title: 'E-mail addresses' } } }, 0)).toBe(
      'With e-mail addresses',
    );
    expect(branchLabel({ required: ['adfUrl'] }, 0)).toBe('With adf url');
    expect(branchLabel({ required: ['url'], properties: { url: { title: 'URL' } } }, 0)).toBe('With URL');
  });

  it('names an alternative by its kind of value, and numbers only as a last resort', () => {
    expect(branchLabel({ type: 'array', items: { title: 'Switch name' } }, 0)).toBe('A list of “Switch name”');
    expect(branchLabel({ type: 'string' }, 0)).toBe('Text');
    expect(branchLabel({ type: 'string', format: 'email' }, 0)).toBe('An e-mail address');
    expect(branchLabel({ type: 'integer' }, 0)).toBe('A number');
    expect(branchLabel({ type: 'null' }, 0)).toBe('Nothing');
    expect(branchLabel({}, 2)).toBe('Choice 3');
  });
});

describe('branchLabels', () => {
  it('keeps the words of every alternative different', () => {
    expect(branchLabels([{ type: 'string' }, { type: 'string' }, { title: 'Text' }])).toEqual([
      'Text',
      'Text (2)',
      'Text (3)',
    ]);
  });

  it('humanises keys', () => {
    expect(humanise('serviceLocations')).toBe('Service locations');
    expect(humanise('test_drive-form')).toBe('Test drive form');
  });
});
