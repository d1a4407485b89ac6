export { default, metadata } from '@/app/_tenant/tenant-not-found';
