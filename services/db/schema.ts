import type { Generated } from 'kysely';

/** Tables of the platform database. Records keep the feed's full JSON in `data`; the columns are what queries filter on. */
export interface DealershipTable {
  id: number;
  slug: string;
  name: string;
  make: string | null;
  data: string;
  updated_at: string;
}

export interface LocationTable {
  id: number;
  dealership_id: number;
  slug: string;
  name: string;
  location_type: string;
  state: string | null;
  visible: number;
  data: string;
  updated_at: string;
}

export interface CarTable {
  id: number;
  slug: string;
  dealership_id: number;
  location_id: number | null;
  car_type: string;
  status: string;
  make: string;
  model: string;
  year: number;
  price: number;
  km: number | null;
  simple_body: string | null;
  created_at: string | null;
  /** Unix seconds; set for sold cars. */
  sold_at: number | null;
  show_on_dealer_website: number;
  /** Set when a --replace import no longer contains the car. */
  withdrawn_at: string | null;
  data: string;
  updated_at: string;
}

export interface ImportTable {
  id: Generated<number>;
  file: string;
  started_at: string;
  finished_at: string;
  dealerships: number;
  locations: number;
  cars: number;
  withdrawn: number;
}

export interface CarViewTable {
  car_id: number;
  views: number;
  updated_at: string;
}

export interface PhoneRevealTable {
  id: Generated<number>;
  car_id: number;
  dealership_id: number;
  website_id: string;
  user_agent: string | null;
  created_at: string;
}

export interface LeadTable {
  id: Generated<number>;
  tenant: string;
  form: string;
  event_id: number;
  category: string;
  subcategory: string | null;
  /** JSON object of the form's fields. */
  fields: string;
  /** JSON list of ticked additional services. */
  additional_services: string;
  /** JSON object of values the form did not know (kept, never dropped). */
  extras: string;
  car_id: number | null;
  car_dealership_id: number | null;
  dealership_slug: string | null;
  location_id: number | null;
  url: string;
  source: string;
  user_agent: string | null;
  /** JSON {visited_pages, linked_query_params}. */
  lead_attributes: string;
  ip_hash: string | null;
  idempotency_key: string;
  /** Highest step stored (multi-step forms). */
  step: number;
  form_completed: number;
  offer_accepted: number | null;
  /** 1 when the honeypot was filled: kept for review, never delivered. */
  spam: number;
  created_at: string;
  updated_at: string;
}

export interface LeadDeliveryTable {
  id: Generated<number>;
  lead_id: number;
  /** JSON of the destination as configured when the lead was queued. */
  destination: string;
  kind: string;
  /** pending until delivered; dead when the outbox gave up on it (listed by `npm run leads`, revived by --retry). */
  status: 'pending' | 'delivered' | 'dead';
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
  /** When the outbox gave up on it (status dead); migration 015. */
  dead_at: string | null;
}

export interface ReservationTable {
  id: Generated<number>;
  tenant: string;
  car_id: number;
  lead_id: number | null;
  /** held until the dealer releases it; cancelled when it never took effect (e.g. the payment provider failed). */
  status: 'held' | 'released' | 'cancelled';
  /** Dollars, as the tenant's reserve deposit. */
  deposit: number;
  payment_intent_id: string | null;
  held_at: string;
  released_at: string | null;
  released_by: string | null;
  note: string | null;
  /** When an unpaid hold is released on its own (the tenant's vehicle.reserveHoldHours after held_at); a paid deposit never is. */
  expires_at: string | null;
  /** Hashes of the shopper's normalised e-mail, phone and device cookie (services/booking-limits, migration 020); null: not given. */
  email_key: string | null;
  phone_key: string | null;
  device_key: string | null;
}

/** A deposit's payment as the provider reports it; card data never reaches the platform. */
export interface PaymentIntentTable {
  /** Random, not guessable: it may appear in a shopper's URL. */
  id: string;
  tenant: string;
  reservation_id: number;
  amount_cents: number;
  currency: string;
  status: 'unpaid' | 'paid' | 'failed' | 'cancelled';
  provider: string;
  provider_ref: string | null;
  created_at: string;
  updated_at: string;
}

/** Append-only: its highest id is the reservations version the search index follows. */
export interface ReservationEventTable {
  id: Generated<number>;
  reservation_id: number;
  kind: 'held' | 'released' | 'cancelled';
  by: string | null;
  at: string;
}

/** One form post from an address on a site (issue 14): the per-address limit counts posts, not new leads. */
export interface LeadPostTable {
  id: Generated<number>;
  tenant: string;
  ip_hash: string;
  at: string;
}

export interface WatchlistTable {
  id: Generated<number>;
  scope: string;
  tenant: string;
  user_id: string;
  car_id: number;
  phone_number: string | null;
  created_at: string;
}

export interface ManufacturerTable {
  id: number;
  slug: string;
  name: string;
  data: string;
  updated_at: string;
}

export interface ModelTable {
  id: number;
  manufacturer_id: number;
  slug: string;
  name: string;
  status: string;
  body: string | null;
  position: number | null;
  data: string;
  updated_at: string;
}

/** One version of a site's tenant document (issue 16): published rows never change; a draft row is rewritten by its author's autosave. */
export interface TenantVersionTable {
  id: Generated<number>;
  slug: string;
  /** The tenant JSON as text, canonically formatted (2-space JSON and a final newline) when it parses. */
  document: string;
  author: string;
  message: string;
  created_at: string;
  /** The version this one was edited from (the published version the editor started from); null for a site's first. */
  parent_id: number | null;
  state: 'draft' | 'published';
}

/** Per site: the version the engine serves and the draft being edited. */
export interface TenantSiteTable {
  slug: string;
  published_version_id: number | null;
  draft_version_id: number | null;
  published_at: string | null;
  published_by: string | null;
  /** Goes up by one on every publish: the cheap change signal other processes poll. */
  change_seq: number;
}

/** Per site, the newest Studio draft that loads: what the preview shows while the draft is incomplete. */
export interface StudioPreviewSnapshotTable {
  slug: string;
  document: string;
  saved_at: string;
}

/** A publish set for a moment (issue 33): the frozen version, when, and what became of it. */
export interface TenantScheduleTable {
  id: Generated<number>;
  slug: string;
  /** The frozen draft (a tenant_versions row in state 'draft' no autosave rewrites). */
  version_id: number;
  /** The published version it was made from (null: the site had none). */
  base_version_id: number | null;
  /** ISO instant (UTC). */
  publish_at: string;
  message: string;
  author: string;
  created_at: string;
  state: 'scheduled' | 'published' | 'cancelled' | 'not-published';
  finished_at: string | null;
  /** Who cancelled it (a cancelled row). */
  finished_by: string | null;
  published_version_id: number | null;
  /** JSON facts of why it was not published. */
  refusal: string | null;
}

/** Who did what in the Tenant Studio and its CLI. */
export interface StudioAuditTable {
  id: Generated<number>;
  at: string;
  actor: string;
  action: string;
  slug: string | null;
  /** JSON. */
  detail: string;
}

/** A picture uploaded in the Studio, as the platform made it (WebP), served at /media/studio/<sha256>.webp. */
/** A picture in one site's library (issue 33): the bytes are studio_media's row of the same sha256. */
export interface StudioLibraryTable {
  slug: string;
  sha256: string;
  /** The uploaded file's name ('' for pictures from before the library). */
  name: string;
  /** The alt text the library offers when the picture is chosen. */
  alt: string;
  added_by: string;
  added_at: string;
}

export interface StudioMediaTable {
  id: Generated<number>;
  /** Hex SHA-256 of `bytes`: the picture's address. */
  sha256: string;
  /** The site it was first uploaded for. */
  slug: string;
  content_type: string;
  width: number;
  height: number;
  bytes: Buffer;
  /** The staff member's e-mail address. */
  created_by: string;
  created_at: string;
}

/** Migration 013: one fixed window per limited key, shared by every process. */
export interface RateLimitTable {
  key: string;
  count: number;
  /** Epoch milliseconds when the window ends. */
  reset_at: number;
}

/** Migration 014: the stock change log every process follows. */
export interface StockChangeTable {
  seq: Generated<number>;
  /** JSON array of car ids; null when everything may have changed (an import). */
  car_ids: string | null;
  reason: string;
  at: string;
}

/** Migration 017: one pull of a stock feed from its address (issue 18), written when the pull ends. */
export interface FeedPullTable {
  id: Generated<number>;
  /** The feed: `${dealership id or '-'} ${address with any password hidden}`. */
  feed_key: string;
  /** The address pulled, any password hidden. */
  url: string;
  /** The dealership whose feed it is; null for a pull by address alone (npm run import -- --from-url). */
  dealership_id: number | null;
  started_at: string;
  finished_at: string;
  outcome: 'imported' | 'unchanged' | 'failed' | 'invalid';
  /** The HTTP status of the answer; null when none came (network error, timeout). */
  http_status: number | null;
  /** The answer's validators, sent back as If-None-Match and If-Modified-Since on the next pull. */
  etag: string | null;
  last_modified: string | null;
  /** Bytes of the document read (after content decoding). */
  bytes: number | null;
  /** Cars in the document imported. */
  cars: number | null;
  /** Failed and invalid pulls in a row up to this one; 0 when this one succeeded. */
  failures: number;
  /** When the current run of failures began; null when this pull succeeded. */
  failing_since: string | null;
  /** Why it failed or was refused, or what was imported. */
  message: string | null;
}

/** Migration 017: per feed, its latest pull and which scheduler is pulling it right now. */
export interface FeedStateTable {
  feed_key: string;
  /** feed_pulls.id of the feed's latest pull; null until it is first pulled. */
  last_pull_id: number | null;
  holder: string | null;
  lease_until: string | null;
}

/** Migration 018: addresses (hashed) that withdrew marketing consent on a site. */
export interface MarketingUnsubscribeTable {
  tenant: string;
  email_hash: string;
  unsubscribed_at: string;
}

/** Migration 019: booked test-drive slots (catalogue §7), one per location and start. */
export interface TestDriveBookingTable {
  location_id: number;
  /** ISO-8601 UTC. */
  slot_start: string;
  tenant: string;
  lead_id: number;
  booked_at: string;
  /** Hashes of the shopper's normalised e-mail, phone and device cookie (services/booking-limits, migration 020); null: not given. */
  email_key: string | null;
  phone_key: string | null;
  device_key: string | null;
}

export interface Database {
  dealerships: DealershipTable;
  locations: LocationTable;
  cars: CarTable;
  imports: ImportTable;
  car_views: CarViewTable;
  phone_reveals: PhoneRevealTable;
  leads: LeadTable;
  lead_deliveries: LeadDeliveryTable;
  reservations: ReservationTable;
  payment_intents: PaymentIntentTable;
  reservation_events: ReservationEventTable;
  lead_posts: LeadPostTable;
  watchlist: WatchlistTable;
  manufacturers: ManufacturerTable;
  models: ModelTable;
  tenant_versions: TenantVersionTable;
  tenant_sites: TenantSiteTable;
  studio_audit: StudioAuditTable;
  studio_preview_snapshots: StudioPreviewSnapshotTable;
  tenant_schedules: TenantScheduleTable;
  studio_media: StudioMediaTable;
  studio_library: StudioLibraryTable;
  rate_limits: RateLimitTable;
  stock_changes: StockChangeTable;
  feed_pulls: FeedPullTable;
  feed_state: FeedStateTable;
  marketing_unsubscribes: MarketingUnsubscribeTable;
  test_drive_bookings: TestDriveBookingTable;
}
