/** Layout rule of the locations listing grid (conversion §9). */

// spec: conversion §9 — "Location grid: 4 columns at 3 or more locations, 5 below 3."
export const LOCATION_GRID_COLUMNS_MANY = 4;
export const LOCATION_GRID_COLUMNS_FEW = 5;
export const LOCATION_GRID_MANY_AT = 3;

/**
 * The spec's column value for a listing of `count` locations. The spec gives the numbers without
 * their unit; read together ("5 below 3") they behave like a column span on a 12-column grid
 * (4 -> three cards a row; 5 -> one or two wider cards), which is how the caller should apply them.
 */
export function locationGridColumns(count: number): 4 | 5 {
  return count >= LOCATION_GRID_MANY_AT ? LOCATION_GRID_COLUMNS_MANY : LOCATION_GRID_COLUMNS_FEW;
}
