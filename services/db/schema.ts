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

export interface Database {
  dealerships: DealershipTable;
  locations: LocationTable;
  cars: CarTable;
  imports: ImportTable;
  car_views: CarViewTable;
  phone_reveals: PhoneRevealTable;
}
