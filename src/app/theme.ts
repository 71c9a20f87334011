// The Mantine theme from the tenant's design record: light and dark colour sets, primary/secondary and
// their text colours, font. The tenant's primary colour is shade 6 of the palette, so filled buttons
// show exactly the tenant's colour.
import {
  createTheme,
  darken,
  lighten,
  virtualColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import type { WhiteLabel } from '../lib/tenant';
import { schemeColours, type SchemeColours } from '../lib/tenant-colours';

export { schemeColours };

/** "md" is the mobile breakpoint of spec §9: 64em = 1024 px. */
const breakpoints = { xs: '36em', sm: '48em', md: '64em', lg: '75em', xl: '88em' };
const fallbackFont = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

/** Ten shades around a base colour, the base at index 6. */
export function paletteOf(base: string): MantineColorsTuple {
  return [
    lighten(base, 0.92),
    lighten(base, 0.8),
    lighten(base, 0.64),
    lighten(base, 0.48),
    lighten(base, 0.32),
    lighten(base, 0.16),
    base,
    darken(base, 0.12),
    darken(base, 0.24),
    darken(base, 0.36),
  ];
}

// Members who ask their system for less motion get dialogs, menus and drawers without their transitions.
const respectReducedMotion = true;

export function tenantTheme(whiteLabel: WhiteLabel | null): MantineThemeOverride {
  if (!whiteLabel) return createTheme({ primaryShade: 8, fontFamily: fallbackFont, breakpoints, respectReducedMotion });
  const light = schemeColours(whiteLabel, 'light');
  const dark = schemeColours(whiteLabel, 'dark');
  const font = whiteLabel.font_family || fallbackFont;
  return createTheme({
    breakpoints,
    respectReducedMotion,
    primaryColor: 'brand',
    primaryShade: 6,
    autoContrast: true,
    fontFamily: font,
    headings: { fontFamily: font, fontWeight: '700' },
    defaultRadius: 'md',
    colors: {
      brandLight: paletteOf(light.primary),
      brandDark: paletteOf(dark.primary),
      brand: virtualColor({ name: 'brand', light: 'brandLight', dark: 'brandDark' }),
      accentLight: paletteOf(light.secondary),
      accentDark: paletteOf(dark.secondary),
      accent: virtualColor({ name: 'accent', light: 'accentLight', dark: 'accentDark' }),
    },
    // Cards and table stripes take the tenant's surface colours (Mantine's own dark greys clash with tinted
    // backgrounds).
    components: {
      Card: { styles: { root: { backgroundColor: 'var(--portal-surface)' } } },
      Table: { defaultProps: { stripedColor: 'var(--portal-surface-background)' } },
      // Links inside text must not rely on colour alone (WCAG 1.4.1): tenant link colours sit close to the text.
      Anchor: { defaultProps: { underline: 'always' } },
    },
  });
}

/**
 * Secondary ("dimmed") text: Mantine's greys fall under WCAG AA's 4.5:1 on tinted surfaces; these keep at
 * least 5:1 on light and dark tenant backgrounds alike.
 */
const dimmedText = { light: '#5c636a', dark: '#a6a6a6' };

/**
 * A field's error message: Mantine's error reds (red 6 on light, red 8 on dark) fall under 4.5:1 for small text;
 * these keep at least 5:1 on white and on the dark surfaces.
 */
const errorText = { light: '#c92a2a', dark: '#ff8787' };

/** Surfaces, backgrounds, secondary text and text-on-primary colours of the design record as CSS variables. */
export function tenantCssVariables(whiteLabel: WhiteLabel | null): CSSVariablesResolver {
  return () => {
    if (!whiteLabel) return { variables: {}, light: {}, dark: {} };
    const scheme = (
      colours: SchemeColours,
      defaults: { body: string; surface: string; surfaceBackground: string; dimmed: string; error: string },
    ) => ({
      '--mantine-color-dimmed': defaults.dimmed,
      '--mantine-color-error': defaults.error,
      '--mantine-color-brand-contrast': colours.primaryText,
      '--mantine-primary-color-contrast': colours.primaryText,
      '--mantine-color-body': colours.mainBackground ?? defaults.body,
      '--portal-surface': colours.surface ?? defaults.surface,
      '--portal-surface-background': colours.surfaceBackground ?? defaults.surfaceBackground,
    });
    return {
      variables: {},
      light: scheme(schemeColours(whiteLabel, 'light'), {
        body: '#ffffff',
        surface: '#ffffff',
        surfaceBackground: 'var(--mantine-color-gray-0)',
        dimmed: dimmedText.light,
        error: errorText.light,
      }),
      dark: scheme(schemeColours(whiteLabel, 'dark'), {
        body: 'var(--mantine-color-dark-7)',
        surface: 'var(--mantine-color-dark-6)',
        surfaceBackground: 'var(--mantine-color-dark-8)',
        dimmed: dimmedText.dark,
        error: errorText.dark,
      }),
    };
  };
}
