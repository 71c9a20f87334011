// The Mantine theme from the tenant's design record: light and dark colour sets, primary/secondary and
// their text colours, font. The tenant's primary colour is shade 6 of the palette, so filled buttons
// show exactly the tenant's colour.
import {
  createTheme,
  darken,
  lighten,
  luminance,
  virtualColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import type { WhiteLabel } from '../lib/tenant';
import { cssUrl, schemeColours, type SchemeColours } from '../lib/tenant-colours';

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
      Table: { defaultProps: { stripedColor: 'var(--portal-surface-background)', highlightOnHoverColor: 'var(--portal-surface-background-10)' } },
      // The header is the tenant's surface at 70 %: what scrolls under it shows through, blurred.
      AppShell: { styles: { header: { backgroundColor: 'var(--portal-surface-70)', backdropFilter: 'blur(12px)' } } },
      // Links inside text must not rely on colour alone (WCAG 1.4.1): tenant link colours sit close to the text.
      Anchor: { defaultProps: { underline: 'always' } },
      // A badge wraps its label rather than cutting it (a status in a narrow phone column).
      Badge: {
        styles: {
          root: { height: 'auto', minHeight: 'var(--badge-height)', lineHeight: 1.3, paddingBlock: 2, maxWidth: '100%' },
          label: { whiteSpace: 'normal', overflow: 'visible', overflowWrap: 'break-word' },
        },
      },
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

/**
 * The border of an unselected radio or checkbox: at least 3:1 on the surfaces (WCAG 1.4.11); Mantine's
 * gray 4 and dark 4 are about 1.5:1.
 */
const controlBorder = { light: 'var(--mantine-color-gray-6)', dark: 'var(--mantine-color-dark-2)' };

const contrast = (a: string, b: string) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
};

/** A translucent variant of a colour where the tenant gives none. */
const faded = (colour: string, percent: number) => `color-mix(in srgb, ${colour} ${percent}%, transparent)`;

/**
 * Mantine paints dark-scheme inputs, dropdowns, default buttons, segmented controls and accordions from its
 * neutral dark ramp (dark 4 borders ... dark 9); a tenant with dark surfaces gets a ramp of its own from them.
 */
function darkRamp(surface: string, body: string): Record<string, string> {
  return {
    '--mantine-color-dark-4': lighten(surface, 0.22),
    '--mantine-color-dark-5': lighten(surface, 0.1),
    '--mantine-color-dark-6': surface,
    '--mantine-color-dark-7': body,
    '--mantine-color-dark-8': darken(body, 0.15),
    '--mantine-color-dark-9': darken(body, 0.35),
  };
}

interface SchemeDefaults {
  body: string;
  surface: string;
  surfaceBackground: string;
  dimmed: string;
  error: string;
  controlBorder: string;
}

/**
 * The link colour: the tenant's where it reads on the scheme's background (4.5:1), else the scheme's primary
 * (a light theme's link colour is often too dark for the dark theme).
 */
function linkColour(whiteLabel: WhiteLabel, colours: SchemeColours, background: string | null): string {
  const link = whiteLabel.link_color;
  if (!link) return colours.primary;
  if (!background || background.startsWith('var(')) return link;
  return contrast(link, background) >= 4.5 ? link : colours.primary;
}

function schemeVariables(whiteLabel: WhiteLabel, scheme: 'light' | 'dark', defaults: SchemeDefaults) {
  const colours = schemeColours(whiteLabel, scheme);
  const surface = colours.surface ?? defaults.surface;
  const surfaceBackground = colours.surfaceBackground ?? defaults.surfaceBackground;
  const body = colours.mainBackground ?? defaults.body;
  const design = whiteLabel.design;
  // The record's one secondary text colour, where it reads on this scheme's secondary (else the primary's text).
  const secondaryText =
    colours.secondaryText && contrast(colours.secondaryText, colours.secondary) >= 4.5 ? colours.secondaryText : colours.primaryText;
  const link = linkColour(whiteLabel, colours, colours.mainBackground);
  const variables: Record<string, string> = {
    '--mantine-color-dimmed': defaults.dimmed,
    '--mantine-color-error': defaults.error,
    '--mantine-color-brand-contrast': colours.primaryText,
    '--mantine-primary-color-contrast': colours.primaryText,
    '--mantine-color-accent-contrast': secondaryText,
    '--mantine-color-body': body,
    '--portal-surface': surface,
    '--portal-surface-background': surfaceBackground,
    '--portal-surface-70': colours.surface70 ?? faded(surface, 70),
    '--portal-surface-30': colours.surface30 ?? faded(surface, 30),
    '--portal-surface-10': colours.surface10 ?? faded(surface, 10),
    '--portal-surface-03': colours.surface03 ?? faded(surface, 3),
    '--portal-surface-background-03': colours.surfaceBackground03 ?? faded(surfaceBackground, 3),
    '--portal-surface-background-10': colours.surfaceBackground10 ?? faded(surfaceBackground, 10),
    // Anchors and links in rich text (Mantine's Typography) read Mantine's anchor colour.
    '--mantine-color-anchor': link,
    '--portal-link': link,
    '--portal-secondary-text': secondaryText,
    '--portal-control-border': defaults.controlBorder,
    '--portal-background-image': colours.backgroundImage ? cssUrl(colours.backgroundImage) : 'none',
    '--portal-background-position': design?.background_image_position || 'center',
    '--portal-background-size': design?.background_image_size || 'cover',
  };
  if (scheme === 'dark' && colours.surface && colours.mainBackground) {
    Object.assign(variables, darkRamp(colours.surface, colours.mainBackground));
  }
  return variables;
}

/**
 * Every colour of the design record as CSS variables: surfaces and their opacity variants, backgrounds and
 * the background image, link and text-on-colour colours (src/app/brand.css and the theme's components read them).
 */
export function tenantCssVariables(whiteLabel: WhiteLabel | null): CSSVariablesResolver {
  return () => {
    if (!whiteLabel) return { variables: {}, light: {}, dark: {} };
    return {
      variables: {},
      light: schemeVariables(whiteLabel, 'light', {
        body: '#ffffff',
        surface: '#ffffff',
        surfaceBackground: 'var(--mantine-color-gray-0)',
        dimmed: dimmedText.light,
        error: errorText.light,
        controlBorder: controlBorder.light,
      }),
      dark: schemeVariables(whiteLabel, 'dark', {
        body: 'var(--mantine-color-dark-7)',
        surface: 'var(--mantine-color-dark-6)',
        surfaceBackground: 'var(--mantine-color-dark-8)',
        dimmed: dimmedText.dark,
        error: errorText.dark,
        controlBorder: controlBorder.dark,
      }),
    };
  };
}
