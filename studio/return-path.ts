/**
 * Where the sign-in page sends a staff member afterwards. Only a path of this host is followed, so
 * a link to the sign-in page cannot send anyone to another site after they sign in.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || value.length > 512) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  // Control characters and spaces would let a browser read the path differently from us.
  if (/[\u0000-\u0020\u007f]/.test(value)) return '/';
  if (value === '/sign-in' || value.startsWith('/sign-in?') || value.startsWith('/sign-in/')) return '/';
  return value;
}

/** The sign-in page's address for a staff member who wanted `returnTo`. */
export function signInPath(returnTo: string): string {
  const path = safeReturnPath(returnTo);
  return path === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(path)}`;
}
