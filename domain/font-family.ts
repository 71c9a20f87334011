// A CSS font-family list as the tenant's record gives it (font_family): the server finds the web font it hosts
// for it, the portal the family whose faces it starts loading.

/** The first family a CSS font-family list names, unquoted. */
export const firstFontFamily = (fontFamily: string) => fontFamily.split(',')[0]!.trim().replace(/^["']|["']$/g, '');

/** The weights a tenant's web font comes in (spec calls §9 "Default font weights 400 to 700"). */
export const webFontWeights = [400, 500, 600, 700] as const;
