/** Marketing consent (conversion §2.3 /pages/unsubscribe, §5.1 opt_in). */
export { unsubscribe, unsubscribedAt, unsubscribeHash, type UnsubscribeResult } from './marketing-consent';
