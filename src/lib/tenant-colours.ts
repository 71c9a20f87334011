// The colours of a tenant's design record for one colour scheme. Kept apart from Mantine (src/app/theme.ts
// builds the theme from them) so the boot script can tint the page before the app's code has arrived.
import type { WhiteLabel } from './tenant';

export const fallbackPrimary = '#1c5fb8';

/** The surface's opacity variants of the design record (spec §3 "design"): null where the tenant gives none. */
export interface SurfaceVariants {
  surface70: string | null;
  surface30: string | null;
  surface10: string | null;
  surface03: string | null;
  surfaceBackground03: string | null;
  surfaceBackground10: string | null;
}

export interface SchemeColours extends SurfaceVariants {
  primary: string;
  secondary: string;
  primaryText: string;
  /** Text on the secondary colour. */
  secondaryText: string | null;
  surface: string | null;
  surfaceBackground: string | null;
  mainBackground: string | null;
  /** The scheme's background image with the record's position and size. */
  backgroundImage: string | null;
}

export function schemeColours(whiteLabel: WhiteLabel, scheme: 'light' | 'dark'): SchemeColours {
  const design = whiteLabel.design;
  const pick = (light: string | null | undefined, dark: string | null | undefined) =>
    (scheme === 'light' ? light : dark) ?? null;
  const primary = pick(design?.light_theme_primary, design?.dark_theme_primary) ?? whiteLabel.primary_color ?? fallbackPrimary;
  return {
    primary,
    secondary: pick(design?.light_theme_secondary, design?.dark_theme_secondary) ?? whiteLabel.secondary_color ?? primary,
    primaryText:
      pick(design?.light_theme_primary_text, design?.dark_theme_primary_text) ?? whiteLabel.primary_text_color ?? '#ffffff',
    secondaryText: whiteLabel.secondary_text_color ?? null,
    surface: pick(design?.light_theme_surface, design?.dark_theme_surface),
    surfaceBackground: pick(design?.light_theme_surface_background, design?.dark_theme_surface_background),
    mainBackground:
      pick(design?.light_theme_main_background, design?.dark_theme_main_background) ??
      (scheme === 'light' ? whiteLabel.background_color : null),
    surface70: pick(design?.light_theme_surface_70, design?.dark_theme_surface_70),
    surface30: pick(design?.light_theme_surface_30, design?.dark_theme_surface_30),
    surface10: pick(design?.light_theme_surface_10, design?.dark_theme_surface_10),
    surface03: pick(design?.light_theme_surface_03, design?.dark_theme_surface_03),
    surfaceBackground03: pick(design?.light_theme_surface_background_03, design?.dark_theme_surface_background_03),
    surfaceBackground10: pick(design?.light_theme_surface_background_10, design?.dark_theme_surface_background_10),
    backgroundImage: pick(design?.light_background_image, design?.dark_background_image),
  };
}

/** A URL as a CSS `url()` value: quotes, backslashes and line breaks cannot end it early. */
export const cssUrl = (url: string) => `url("${url.replace(/["\\\n\r]/g, (character) => encodeURIComponent(character))}")`;
