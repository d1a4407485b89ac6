export { getGeocoder } from './get-geocoder';
export { INVALID_POSTCODE, InvalidPostcodeError, locatePostcode, normalisePostcode } from './geocoder';
export type { Geocoder, LatLng } from './geocoder';
export { EmbeddedGeocoder } from './embedded-geocoder';
export type { PostcodeFix, PostcodePrecision } from './embedded-geocoder';
export { HttpGeocoder } from './http-geocoder';
export type { HttpGeocoderOptions } from './http-geocoder';
