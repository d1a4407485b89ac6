/**
 * Trade-in rules (conversion §9 trade-in FAQ): which cars get an online estimate. Which stock cars
 * offer the instant-offer feature (conversion §4.2) is domain/vehicle/instant-offer.ts, the one rule
 * the vehicle page applies. Pure: no React, no I/O.
 */
import { DEFAULT_TIME_ZONE, formatKm, yearInTimeZone } from '../format';

// spec: conversion §9 — "Trade-in FAQ: cars over 7 years or 100,000 km get no online estimate."
export const TRADE_IN_MAX_AGE_YEARS = 7;
export const TRADE_IN_MAX_KM = 100_000;

/** The year is read on an Australian clock, so a car does not age at midnight UTC on New Year's Eve. */
export const DEFAULT_TRADE_IN_TIME_ZONE = DEFAULT_TIME_ZONE;

/** Oldest build year the form accepts as a real car rather than a typo. */
const EARLIEST_YEAR = 1900;

const TEAM_WILL_CALL = "need a look from our team: send us the details and we'll call you with a price.";

export type OnlineEstimateDecision =
  | { allowed: true }
  | {
      allowed: false;
      /** age and km send the shopper to the enquiry form; input means the year or km needs fixing. */
      rule: 'age' | 'km' | 'age-and-km' | 'input';
      /** Shown to the shopper as is. */
      reason: string;
    };

/**
 * Age is whole calendar years (this year minus the build year): the form asks only for the year,
 * so a car of 2018 is 7 in 2025 and still gets an estimate; 2017 is over 7 and does not. The km
 * limit is inclusive (exactly 100,000 km still gets an estimate): the FAQ says "over".
 */
export function onlineEstimateAllowed(
  car: { year: number; km: number },
  now: Date,
  timeZone = DEFAULT_TRADE_IN_TIME_ZONE,
): OnlineEstimateDecision {
  const thisYear = yearInTimeZone(now, timeZone);
  if (!Number.isInteger(car.year) || car.year < EARLIEST_YEAR || car.year > thisYear + 1) {
    return {
      allowed: false,
      rule: 'input',
      reason: `Enter the year the car was built, between ${EARLIEST_YEAR} and ${thisYear + 1}.`,
    };
  }
  if (!Number.isFinite(car.km) || car.km < 0) {
    return {
      allowed: false,
      rule: 'input',
      reason: 'Enter the kilometres on the odometer, as a whole number such as 85000.',
    };
  }
  const tooOld = thisYear - car.year > TRADE_IN_MAX_AGE_YEARS;
  const tooFar = car.km > TRADE_IN_MAX_KM;
  if (tooOld && tooFar)
    return {
      allowed: false,
      rule: 'age-and-km',
      reason: `Cars over ${TRADE_IN_MAX_AGE_YEARS} years old or with more than ${formatKm(TRADE_IN_MAX_KM)} ${TEAM_WILL_CALL}`,
    };
  if (tooOld)
    return { allowed: false, rule: 'age', reason: `Cars over ${TRADE_IN_MAX_AGE_YEARS} years old ${TEAM_WILL_CALL}` };
  if (tooFar)
    return { allowed: false, rule: 'km', reason: `Cars with more than ${formatKm(TRADE_IN_MAX_KM)} ${TEAM_WILL_CALL}` };
  return { allowed: true };
}
