/** 404 inside the Studio: an unknown site or Studio page. */
export { StudioNotFoundScreen as default } from '@/studio/screens/StudioNotFoundScreen';
