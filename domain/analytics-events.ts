/**
 * Analytics event ids (conversion §7 item 12, §9; catalogue §7). Events go to the page's data layer
 * as { event: 'platform_event', event_id }.
 *
 * The spec names 4, 18, 49, 60 and 61 as vehicle-page events without saying which action fires
 * which ("not shown"); the assignment below is this platform's, documented here so a dealer's tag
 * manager can map them.
 */
export const ANALYTICS_EVENTS = {
  /** Vehicle page viewed (platform assignment). */
  vehiclePageView: 4,
  /** Finance enquiry form opened from the calculator (conversion §4.4). */
  financeEnquiryModal: 9,
  /** New-car enquiry sent (conversion §9). */
  newCarEnquiry: 14,
  /** Used-car enquiry sent (conversion §9). */
  usedCarEnquiry: 15,
  /** Test drive (test drive only or new car) booked (conversion §9). */
  testDrive: 17,
  /** Vehicle shared: link copied or share window opened (platform assignment). */
  vehicleShare: 18,
  /** General enquiry sent: the default (conversion §9). */
  generalEnquiry: 22,
  /** Dealer phone revealed or called (catalogue §4). */
  phoneClick: 25,
  /** Finance calculator first used (conversion §4.4). */
  financeCalculatorUse: 26,
  /** Saved to favourites or the watchlist (catalogue §7). */
  saveCar: 39,
  /** Used-car test drive booked (conversion §9). */
  usedTestDrive: 48,
  /** Vehicle PDF downloaded or print page opened (platform assignment). */
  vehiclePrint: 49,
  /** Careers enquiry sent (conversion §9). */
  careersEnquiry: 51,
  /** Photos opened full screen (platform assignment). */
  galleryFullScreen: 60,
  /** 360° spin viewed (platform assignment). */
  spinView: 61,
} as const;

export type AnalyticsEventId = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];
