/**
 * The colour picker on model pages (conversion §4.5, §9): variant tabs, a colour per variant with
 * previous/next arrows that wrap at both ends, and a secondary body-type tab set when a variant has
 * at least 3 body types and more than 15 colours.
 */

/** spec: conversion §9 — colour picker thresholds: 3 body types and 15 colours; image width 640, quality 75. */
export const BODY_TABS_MIN_BODIES = 3;
export const BODY_TABS_MORE_THAN_COLOURS = 15;
export const COLOUR_IMAGE_WIDTH = 640;
export const COLOUR_IMAGE_QUALITY = 75;

export interface PickerColour {
  id: number;
  name: string;
  hexCode: string;
  photo_url: string;
  oem_id?: string;
  model_variant_name: string;
}

export interface PickerState {
  variant: string;
  /** The body-type tab, when the variant uses them. */
  body?: string;
  index: number;
}

export function variantColours(colours: readonly PickerColour[], variant: string): PickerColour[] {
  return colours.filter((c) => c.model_variant_name === variant);
}

export function bodyTypes(colours: readonly PickerColour[]): string[] {
  return [...new Set(colours.map((c) => c.oem_id).filter((b): b is string => Boolean(b)))];
}

export function usesBodyTabs(colours: readonly PickerColour[]): boolean {
  return bodyTypes(colours).length >= BODY_TABS_MIN_BODIES && colours.length > BODY_TABS_MORE_THAN_COLOURS;
}

/** The colours the arrows step through: the variant's, narrowed to the body tab when there are tabs. */
export function shownColours(colours: readonly PickerColour[], state: PickerState): PickerColour[] {
  const own = variantColours(colours, state.variant);
  return usesBodyTabs(own) && state.body ? own.filter((c) => c.oem_id === state.body) : own;
}

/** Selecting a variant tab resets the colour to the first (and the body tab to the first). */
export function selectVariant(colours: readonly PickerColour[], variant: string): PickerState {
  const own = variantColours(colours, variant);
  const body = usesBodyTabs(own) ? bodyTypes(own)[0] : undefined;
  return { variant, ...(body ? { body } : {}), index: 0 };
}

export function selectBody(state: PickerState, body: string): PickerState {
  return { ...state, body, index: 0 };
}

/** Previous (-1) or next (+1), wrapping around at both ends. */
export function stepColour(state: PickerState, count: number, direction: 1 | -1): PickerState {
  if (count <= 0) return { ...state, index: 0 };
  return { ...state, index: (((state.index + direction) % count) + count) % count };
}

export function selectColour(state: PickerState, index: number): PickerState {
  return { ...state, index };
}

const BODY_LABEL: Readonly<Record<string, string>> = {
  wagon: 'Wagon',
  sedan: 'Sedan',
  hatch: 'Hatch',
  dual_cab: 'Dual Cab',
  extra_cab: 'Extra Cab',
  single_cab: 'Single Cab',
  '2_door': '2 Door',
  '4_door': '4 Door',
};

export function bodyLabel(oemId: string): string {
  return BODY_LABEL[oemId] ?? oemId.replace(/_/g, ' ');
}
