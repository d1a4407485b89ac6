/**
 * Analytics event ids (conversion §7 item 12, §9; catalogue §7). Events go to the page's data layer
 * as { event: 'platform_event', event_id }.
 *
 * The spec names 4, 18, 49, 60 and 61 as vehicle-page events without saying which action fires
 * which ("not shown"); the assignment below is this platform's, documented here so a dealer's tag
 * manager can map them. The enquiry ids (14, 15, 17, 22, 48, 51) are also the lead's event id
 * (Lead.eventId), which the dealer's systems read.
 */
export const ANALYTICS_EVENTS = {
  /** Vehicle page viewed (platform assignment). */
  vehiclePageView: 4,
  /** Finance enquiry form opened from the calculator (conversion §4.4). */
  financeEnquiryModal: 9,
  /** New-car enquiry sent (conversion §7 item 12). */
  newCarEnquiry: 14,
  /** Used-car enquiry sent (conversion §7 item 12). */
  usedCarEnquiry: 15,
  /** Test drive (test drive only or new-car test drive) booked (conversion §7 item 12). */
  testDrive: 17,
  /** Vehicle shared: link copied or share window opened (platform assignment). */
  vehicleShare: 18,
  /** General enquiry sent: the default enquiry event (conversion §7 item 12, §9 "Default enquiry event id 22"). */
  generalEnquiry: 22,
  /** Dealer phone revealed or called (catalogue §4). */
  phoneClick: 25,
  /** Finance calculator first used (conversion §4.4). */
  financeCalculatorUse: 26,
  /** Saved to favourites or the watchlist (catalogue §7). */
  saveCar: 39,
  /** Used-car test drive booked (conversion §7 item 12, §9). */
  usedTestDrive: 48,
  /** Vehicle PDF downloaded or print page opened (platform assignment). */
  vehiclePrint: 49,
  /** Careers enquiry sent (conversion §9 "careers event id 51"), whichever form carried it (§7 item 2). */
  careersEnquiry: 51,
  /** Photos opened full screen (platform assignment). */
  galleryFullScreen: 60,
  /** 360° spin viewed (platform assignment). */
  spinView: 61,
} as const;

export type AnalyticsEventId = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];

/**
 * spec: conversion §7 item 12 — the enquiry event ids of a test-drive booking: 17 (test drive only
 * or new-car test drive) and 48 (used test drive). A lead with one of them is a test drive to the
 * dealer's systems (the ADF request type, the e-mail).
 */
export const TEST_DRIVE_EVENTS: ReadonlySet<number> = new Set([
  ANALYTICS_EVENTS.testDrive,
  ANALYTICS_EVENTS.usedTestDrive,
]);
