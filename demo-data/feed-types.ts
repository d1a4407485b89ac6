// Feed record types come from schemas/feed.schema.json via `npm run gen`, so they cannot drift from the schema.
export type {
  FeedCar,
  FeedCarImage,
  FeedCarVariant,
  FeedDealership,
  FeedDocument,
  FeedLocation,
  FeedOpeningHour,
  FeedReview,
  FeedSpecialHours,
  FeedStateCode,
} from '../schemas/types.generated.js';

import type { FeedCar, FeedDealership, FeedLocation } from '../schemas/types.generated.js';

/** A generated demo feed: like FeedDocument, with every array present. */
export interface DemoFeed {
  schemaVersion: 1;
  dealerships: FeedDealership[];
  locations: FeedLocation[];
  cars: FeedCar[];
}

export type ImageView = 'front' | 'side' | 'rear' | 'interior';

/** One placeholder vehicle picture referenced by the feed, at /media/vehicles/{kind}/{colour}/{view}.png. */
export interface DemoImage {
  /** Simple body slug (suv, ute, cab-chassis, ...) or 'motorcycle'. */
  kind: string;
  /** Colour slug as used in the path. */
  colour: string;
  colourName: string;
  hex: string;
  view: ImageView;
  url: string;
}
