// The tenant's design record as CSS variables (issue 33 "The tenant's brand"): every design field reaches a
// variable the theme or src/app/brand.css reads, with derived defaults where the record leaves one empty.
import { describe, expect, it } from 'vitest';
import { luminance, type MantineTheme } from '@mantine/core';
import { tenantCssVariables, tenantTheme } from '../../src/app/theme';
import { cssUrl } from '../../src/lib/tenant-colours';
import type { WhiteLabel } from '../../src/lib/tenant';

/** Acme's record as server/db/seed.ts writes it (the fields the theme reads). */
const acme = {
  primary_color: '#b4380b',
  secondary_color: '#5c3d2e',
  primary_text_color: '#ffffff',
  secondary_text_color: '#ffffff',
  background_color: '#fbf6f2',
  link_color: '#b4380b',
  design: {
    light_background_image: '/media/acme-background-light.svg',
    dark_background_image: '/media/acme-background-dark.svg',
    background_image_position: 'right top',
    background_image_size: 'min(100vw, 1200px) auto',
    light_theme_primary: '#b4380b',
    light_theme_secondary: '#5c3d2e',
    light_theme_primary_text: '#ffffff',
    light_theme_surface: '#ffffff',
    light_theme_surface_background: '#f6ece5',
    light_theme_main_background: '#fbf6f2',
    light_theme_surface_70: 'rgba(255, 255, 255, 0.7)',
    light_theme_surface_30: 'rgba(255, 255, 255, 0.3)',
    light_theme_surface_10: 'rgba(255, 255, 255, 0.1)',
    light_theme_surface_03: 'rgba(255, 255, 255, 0.03)',
    light_theme_surface_background_03: 'rgba(246, 236, 229, 0.03)',
    light_theme_surface_background_10: 'rgba(246, 236, 229, 0.1)',
    dark_theme_primary: '#f08c5a',
    dark_theme_secondary: '#e0b49a',
    dark_theme_primary_text: '#2a1408',
    dark_theme_surface: '#2a1d16',
    dark_theme_surface_background: '#33241b',
    dark_theme_main_background: '#1c130e',
  },
} as unknown as WhiteLabel;

const variablesOf = (whiteLabel: WhiteLabel | null) => tenantCssVariables(whiteLabel)({} as MantineTheme);

const contrast = (a: string, b: string) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
};

describe('the design record as CSS variables', () => {
  it('gives the surfaces and their opacity variants as the record has them', () => {
    const { light } = variablesOf(acme);
    expect(light).toMatchObject({
      '--mantine-color-body': '#fbf6f2',
      '--portal-surface': '#ffffff',
      '--portal-surface-background': '#f6ece5',
      '--portal-surface-70': 'rgba(255, 255, 255, 0.7)',
      '--portal-surface-30': 'rgba(255, 255, 255, 0.3)',
      '--portal-surface-10': 'rgba(255, 255, 255, 0.1)',
      '--portal-surface-03': 'rgba(255, 255, 255, 0.03)',
      '--portal-surface-background-03': 'rgba(246, 236, 229, 0.03)',
      '--portal-surface-background-10': 'rgba(246, 236, 229, 0.1)',
    });
  });

  it('derives the opacity variants from the surfaces where the record leaves them empty', () => {
    const { dark } = variablesOf(acme);
    expect(dark).toMatchObject({
      '--portal-surface-70': 'color-mix(in srgb, #2a1d16 70%, transparent)',
      '--portal-surface-03': 'color-mix(in srgb, #2a1d16 3%, transparent)',
      '--portal-surface-background-10': 'color-mix(in srgb, #33241b 10%, transparent)',
    });
  });

  it('gives each scheme its background image with the record’s position and size', () => {
    const { light, dark } = variablesOf(acme);
    expect(light).toMatchObject({
      '--portal-background-image': 'url("/media/acme-background-light.svg")',
      '--portal-background-position': 'right top',
      '--portal-background-size': 'min(100vw, 1200px) auto',
    });
    expect(dark['--portal-background-image']).toBe('url("/media/acme-background-dark.svg")');
    const plain = { ...acme, design: { ...acme.design, light_background_image: null, background_image_position: null, background_image_size: null } } as WhiteLabel;
    expect(variablesOf(plain).light).toMatchObject({
      '--portal-background-image': 'none',
      '--portal-background-position': 'center',
      '--portal-background-size': 'cover',
    });
  });

  it('keeps a background image’s address inside its url()', () => {
    expect(cssUrl('/media/a").b{x:url(evil)}\\')).toBe('url("/media/a%22).b{x:url(evil)}%5C")');
  });

  it('uses the link colour where it reads on the scheme’s background, else the scheme’s primary', () => {
    const { light, dark } = variablesOf(acme);
    expect(light['--portal-link']).toBe('#b4380b');
    expect(light['--mantine-color-anchor']).toBe('#b4380b');
    expect(contrast('#b4380b', '#1c130e')).toBeLessThan(4.5);
    expect(dark['--portal-link']).toBe('#f08c5a');
    expect(contrast(dark['--portal-link']!, '#1c130e')).toBeGreaterThanOrEqual(4.5);
    const noLink = { ...acme, link_color: null } as WhiteLabel;
    expect(variablesOf(noLink).light['--portal-link']).toBe('#b4380b');
  });

  it('uses the secondary text colour on the secondary colour where it reads, else the primary’s text', () => {
    const { light, dark } = variablesOf(acme);
    expect(light['--mantine-color-accent-contrast']).toBe('#ffffff');
    expect(light['--portal-secondary-text']).toBe('#ffffff');
    // White on Acme's dark-theme secondary (#e0b49a) is under 4.5:1.
    expect(dark['--portal-secondary-text']).toBe('#2a1408');
  });

  it('paints Mantine’s dark inputs, dropdowns and default buttons from the tenant’s dark surfaces', () => {
    const { dark, light } = variablesOf(acme);
    expect(dark).toMatchObject({ '--mantine-color-dark-6': '#2a1d16', '--mantine-color-dark-7': '#1c130e' });
    for (const shade of [4, 5, 8, 9]) expect(dark[`--mantine-color-dark-${shade}`]).toMatch(/^rgba\(/);
    // Borders stand out from the surface; hover sits between.
    expect(contrast(dark['--mantine-color-dark-4']!, '#2a1d16')).toBeGreaterThan(contrast(dark['--mantine-color-dark-5']!, '#2a1d16'));
    expect(light['--mantine-color-dark-6']).toBeUndefined();
    const noDarkSurfaces = { ...acme, design: { ...acme.design, dark_theme_surface: null } } as WhiteLabel;
    expect(variablesOf(noDarkSurfaces).dark['--mantine-color-dark-6']).toBeUndefined();
  });

  it('keeps unselected radios and checkboxes at 3:1 against the surfaces', () => {
    const { light, dark } = variablesOf(acme);
    // Mantine's gray 6 and dark 2, which the variables name.
    expect(light['--portal-control-border']).toBe('var(--mantine-color-gray-6)');
    expect(dark['--portal-control-border']).toBe('var(--mantine-color-dark-2)');
    expect(contrast('#868e96', '#fbf6f2')).toBeGreaterThanOrEqual(3);
    expect(contrast('#828282', '#2a1d16')).toBeGreaterThanOrEqual(3);
    expect(contrast('#828282', '#33241b')).toBeGreaterThanOrEqual(3);
  });

  it('reads the opacity variants: the header at 70 % of the surface, a table row under the pointer at 10 % of the surface background', () => {
    const { components } = tenantTheme(acme);
    expect(components?.AppShell?.styles).toMatchObject({ header: { backgroundColor: 'var(--portal-surface-70)' } });
    expect(components?.Table?.defaultProps).toMatchObject({ highlightOnHoverColor: 'var(--portal-surface-background-10)' });
  });

  it('sets nothing without a tenant', () => {
    expect(variablesOf(null)).toEqual({ variables: {}, light: {}, dark: {} });
  });
});
