// @vitest-environment jsdom
// The shell's screens the spec names (§2): "Error {code}" for any code other than 404 and 408 with a way
// home, the route error boundary telling an HTTP or GraphQL failure by its status, the document title's
// fallback, and the header's language switch offering all four languages on public pages.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ErrorCodeScreen } from '../../src/features/shell/error-screens';
import { errorCodeParam, errorStatusCode } from '../../src/lib/error-code';
import { LanguageSwitch } from '../../src/features/shell/language-switch';
import { useDocumentBranding } from '../../src/features/shell/page-title';
import { renderView } from '../support/render';

describe('error screens', () => {
  it('shows "Error {code}" for another code, with a link home', async () => {
    renderView(<ErrorCodeScreen code={500} />);
    expect(await screen.findByRole('heading', { name: 'Error 500' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('reads a status code from the path only when it is one', () => {
    expect(errorCodeParam('503')).toBe(503);
    expect(errorCodeParam('403')).toBe(403);
    expect(errorCodeParam('200')).toBeNull();
    expect(errorCodeParam('abc')).toBeNull();
    expect(errorCodeParam('5000')).toBeNull();
  });

  it('tells the status of an HTTP or GraphQL failure, and none for a network failure or a bug', () => {
    expect(errorStatusCode({ code: 'internal' })).toBe(500);
    expect(errorStatusCode({ code: 'unavailable', category: 'unavailable' })).toBe(503);
    expect(errorStatusCode({ code: 'server', category: 'forbidden' })).toBe(403);
    expect(errorStatusCode({ code: 'server', category: 'rate_limited' })).toBe(429);
    expect(errorStatusCode({ response: { status: 502 } })).toBe(502);
    expect(errorStatusCode({ code: 'network' })).toBeNull();
    expect(errorStatusCode(new TypeError('x is undefined'))).toBeNull();
  });
});

function Branding() {
  useDocumentBranding();
  return null;
}

describe('document title', () => {
  it('falls back to "Something went wrong" when the route names nothing', async () => {
    renderView(<Branding />);
    await screen.findByText((_, element) => element?.tagName === 'BODY');
    expect(document.title).toBe('Something went wrong | Test Portal');
  });
});

describe('language switch', () => {
  it('offers all four languages on public pages', async () => {
    renderView(<LanguageSwitch everyLanguage />);
    const options = (await screen.findAllByRole('option')).map((option) => option.getAttribute('value'));
    expect(options).toEqual(['en', 'uk', 'ru', 'es']);
  });

  it("offers en and ru (and the active one) in a member's header", async () => {
    renderView(<LanguageSwitch />);
    const options = (await screen.findAllByRole('option')).map((option) => option.getAttribute('value'));
    expect(options).toEqual(['en', 'ru']);
  });
});
