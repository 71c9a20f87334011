// @vitest-environment jsdom
// Rich text from the server (products, lessons, CMS pages): nothing that runs survives sanitising.
import { describe, expect, it } from 'vitest';
import { sanitize as sanitizeRichText } from '../../src/components/rich-text';

describe('rich text', () => {
  it('keeps the formatting and drops scripts, event handlers and javascript: links', () => {
    const html = sanitizeRichText(
      '<h3>Plan</h3><p>Read <strong>this</strong> <a href="javascript:alert(1)">now</a>.</p>' +
        '<script>alert(1)</script><img src="x" onerror="alert(1)"><svg onload="alert(1)"></svg>' +
        '<iframe src="https://evil.example"></iframe><p style="position:fixed" onclick="alert(1)">styled</p>',
    );
    expect(html).toContain('<h3>Plan</h3>');
    expect(html).toContain('<strong>this</strong>');
    expect(html).not.toMatch(/<script|onerror|onload|onclick|javascript:|<iframe/i);
    const container = document.createElement('div');
    container.innerHTML = html;
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
  });

  it('keeps links that open a new tab from reaching back to the portal', () => {
    const html = sanitizeRichText('<a href="https://vimeo.com" target="_blank">Vimeo</a>');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});
