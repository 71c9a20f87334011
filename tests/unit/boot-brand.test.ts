// @vitest-environment jsdom
// The static shell wears the tenant's brand before the app's code has arrived (issue 33): the favicon, the
// background image with its position and size, and the web font's stylesheet, which the app then keeps.
import { beforeEach, describe, expect, it } from 'vitest';
import { brandBootShell } from '../../src/app/boot/boot-shell';
import { linkTenantFont } from '../../src/lib/tenant-font';
import type { WhiteLabel } from '../../src/lib/tenant';

const acme = {
  name: 'Acme Invest',
  font_family: 'Lora, "Lora Fallback", Georgia, serif',
  font_stylesheet: '/fonts/lora.css',
  design: {
    favicon: '/media/acme-favicon.svg',
    default_theme: 'light',
    dark_theme_allowed: true,
    light_logo: null,
    light_background_image: '/media/acme-background-light.svg',
    background_image_position: 'right top',
    background_image_size: 'min(100vw, 1200px) auto',
  },
} as unknown as WhiteLabel;

const fontLinks = () => [...document.querySelectorAll<HTMLLinkElement>('link[data-tenant-font]')].map((link) => link.getAttribute('href'));

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '<link rel="icon" href="data:," />';
  document.body.innerHTML = '<div id="boot-shell"><div class="bs-auth"><span class="bs-logo"><img /></span></div></div>';
});

describe('the boot shell’s brand', () => {
  it('sets the favicon, the background image with its position and size, and links the font', async () => {
    await brandBootShell(acme);
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/media/acme-favicon.svg');
    const shell = document.getElementById('boot-shell')!;
    expect(shell.style.getPropertyValue('--bs-image')).toBe('url("/media/acme-background-light.svg")');
    expect(shell.style.getPropertyValue('--bs-image-position')).toBe('right top');
    expect(shell.style.getPropertyValue('--bs-image-size')).toBe('min(100vw, 1200px) auto');
    expect(fontLinks()).toEqual(['/fonts/lora.css']);
  });

  it('keeps one font stylesheet: the app linking the same one adds none, another replaces it, none removes it', () => {
    linkTenantFont('/fonts/lora.css', acme.font_family);
    linkTenantFont('/fonts/lora.css', acme.font_family);
    expect(fontLinks()).toEqual(['/fonts/lora.css']);
    linkTenantFont('/fonts/other.css', 'Other');
    expect(fontLinks()).toEqual(['/fonts/other.css']);
    linkTenantFont(null, null);
    expect(fontLinks()).toEqual([]);
  });
});
