/** 403 inside the Studio: a site outside the staff member's grant (forbidden() in studio/screens/SiteScreen). */
export { ForbiddenScreen as default } from '@/studio/screens/ForbiddenScreen';
