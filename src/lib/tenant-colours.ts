// The colours of a tenant's design record for one colour scheme. Kept apart from Mantine (src/app/theme.ts
// builds the theme from them) so the boot script can tint the page before the app's code has arrived.
import type { WhiteLabel } from './tenant';

export const fallbackPrimary = '#1c5fb8';

export interface SchemeColours {
  primary: string;
  secondary: string;
  primaryText: string;
  surface: string | null;
  surfaceBackground: string | null;
  mainBackground: string | null;
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
    surface: pick(design?.light_theme_surface, design?.dark_theme_surface),
    surfaceBackground: pick(design?.light_theme_surface_background, design?.dark_theme_surface_background),
    mainBackground:
      pick(design?.light_theme_main_background, design?.dark_theme_main_background) ??
      (scheme === 'light' ? whiteLabel.background_color : null),
  };
}
