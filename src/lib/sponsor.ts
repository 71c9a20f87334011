// The sponsor of a registration: the referral id of /register/{id}, else the `sponsor` cookie a landing
// page may have set (spec §3 "Sponsor also comes from a cookie at registration").
export const sponsorCookie = 'sponsor';

export function sponsorFromCookie(cookies: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === sponsorCookie) {
      const id = decodeURIComponent(value.join('=')).trim();
      return /^[\w-]{1,64}$/.test(id) ? id : null;
    }
  }
  return null;
}

export function registrationSponsor(routeId: string | undefined): string | null {
  const fromRoute = routeId?.trim();
  return fromRoute && /^[\w-]{1,64}$/.test(fromRoute) ? fromRoute : sponsorFromCookie();
}
