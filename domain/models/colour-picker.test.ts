import { describe, expect, it } from 'vitest';
import {
  bodyTypes,
  selectBody,
  selectColour,
  selectVariant,
  shownColours,
  stepColour,
  usesBodyTabs,
  type PickerColour,
} from './colour-picker';

let id = 0;
const colour = (variant: string, name: string, body = 'wagon'): PickerColour => ({
  id: ++id,
  name,
  hexCode: '#000000',
  photo_url: `/p/${name}.png`,
  oem_id: body,
  model_variant_name: variant,
});
const paints = ['White', 'Silver', 'Grey', 'Black', 'Red', 'Blue'];
const colours = [
  ...paints.map((p) => colour('CX-5 Maxx', p)),
  ...paints.slice(0, 3).map((p) => colour('CX-5 GT', p)),
  ...['single_cab', 'extra_cab', 'dual_cab'].flatMap((body) =>
    paints.map((p) => colour('BT-50 XT', `${p} ${body}`, body)),
  ),
];

describe('colour picker (conversion §4.5)', () => {
  it('resets the colour to the first when a variant tab is chosen', () => {
    let state = selectVariant(colours, 'CX-5 Maxx');
    state = selectColour(state, 4);
    expect(shownColours(colours, state)[state.index]?.name).toBe('Red');
    state = selectVariant(colours, 'CX-5 GT');
    expect(state.index).toBe(0);
    expect(shownColours(colours, state).map((c) => c.name)).toEqual(['White', 'Silver', 'Grey']);
  });
  it('wraps the previous and next arrows at both ends', () => {
    const state = selectVariant(colours, 'CX-5 GT');
    expect(stepColour(state, 3, -1).index).toBe(2);
    expect(stepColour({ ...state, index: 2 }, 3, 1).index).toBe(0);
    expect(stepColour({ ...state, index: 1 }, 3, 1).index).toBe(2);
  });
  it('uses body-type tabs only with at least 3 body types and more than 15 colours', () => {
    const bt50 = colours.filter((c) => c.model_variant_name === 'BT-50 XT');
    expect(bt50).toHaveLength(18);
    expect(usesBodyTabs(bt50)).toBe(true);
    expect(usesBodyTabs(bt50.slice(0, 15))).toBe(false);
    expect(usesBodyTabs(colours.filter((c) => c.model_variant_name === 'CX-5 Maxx'))).toBe(false);
    const twoBodies = bt50.filter((c) => c.oem_id !== 'extra_cab');
    expect(bodyTypes(twoBodies)).toHaveLength(2);
    expect(usesBodyTabs([...twoBodies, ...twoBodies])).toBe(false);
  });
  it('starts on the first body tab, narrows the colours to it and resets the colour when the tab changes', () => {
    let state = selectVariant(colours, 'BT-50 XT');
    expect(state.body).toBe('single_cab');
    expect(shownColours(colours, state)).toHaveLength(6);
    state = selectColour(state, 3);
    state = selectBody(state, 'dual_cab');
    expect(state.index).toBe(0);
    expect(shownColours(colours, state).every((c) => c.oem_id === 'dual_cab')).toBe(true);
  });
});
