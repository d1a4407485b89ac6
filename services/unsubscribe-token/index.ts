export {
  createUnsubscribeToken,
  signedUnsubscribeLinks,
  unsubscribeKey,
  unsubscribeTokenMatches,
} from './unsubscribe-token';
