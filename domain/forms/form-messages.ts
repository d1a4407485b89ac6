/** The spec's form texts, word for word (conversion §5.1, §8, §9). */

import { ANALYTICS_EVENTS } from '../analytics-events';

/** conversion §5.1, §8 */
export const POSTCODE_MESSAGE = 'Invalid postcode. Please enter a 4-digit number.';
/** conversion §5.1, §8 */
export const DISCLAIMER_MESSAGE = '*You must agree to the terms of use before submitting.';
/** conversion §5.1 */
export const DEALERSHIP_PLACEHOLDER = 'Select a Preferred Dealership';
/** conversion §5.1 */
export const REGO_PLACEHOLDER = 'Rego - Helps us better assist your enquiry';
/** conversion §5.1 */
export const ERROR_SUMMARY_HEADING = 'Please fix the following errors:';
/** conversion §8: enquiry submission failure. */
export const SUBMIT_FAILED_MESSAGE = 'An error occurred when submitting this form';
/** conversion §4.1, §8: an answer without lead_id or error (the spec's spelling). */
export const UNEXPECTED_ANSWER_MESSAGE = 'An unexpected error occured';
/** conversion §9 */
export const DEFAULT_SUBMIT_TEXT = 'Enquire Now';
/** conversion §5.1, §9 */
export const DEFAULT_CATEGORY = 'General Enquiry';
/** conversion §9: default enquiry event id (22). */
export const GENERAL_ENQUIRY_EVENT = ANALYTICS_EVENTS.generalEnquiry;
/** conversion §7 item 2: 'Careers Enquiry' is stored as General Enquiry with this subcategory. */
export const CAREERS_CATEGORY = 'Careers Enquiry';
export const CAREER_SUBCATEGORY = 'Career Enquiry';
/** conversion §5.1: photos-request form hidden message. */
export const PHOTOS_REQUEST_MESSAGE = 'Please send photos for this car';
export const EMAIL_MESSAGE = 'Please enter a valid email address.';
export const PHONE_MESSAGE = 'Please enter a valid phone number.';
export const DEALERSHIP_MESSAGE = 'Please select a preferred dealership.';
