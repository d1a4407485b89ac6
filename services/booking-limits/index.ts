/** A shopper's test-drive bookings and reservation holds on a site, for the limits of issue 30 M2. */
export {
  activeHolds,
  futureTestDrives,
  lockShopper,
  shopperKeyHash,
  shopperKeyHashes,
  type ShopperKeyHashes,
} from './shopper-bookings';
