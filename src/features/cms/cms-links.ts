// Links that CMS editors write (a banner's target) are followed only when they stay on the portal (a path)
// or go to an https site: a javascript: or data: address is dropped, as the sanitiser drops it in bodies.
export function safeCmsLink(link: string | null | undefined): string | null {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  try {
    return new URL(link).protocol === 'https:' ? link : null;
  } catch {
    return null;
  }
}
