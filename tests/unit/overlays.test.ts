// @vitest-environment jsdom
// Escape closes only the top layer (issue 33): a dialog over the cart or the menu sheet closes alone; one
// layer is left to its own dialog; a top layer with nothing to do on Escape keeps everything open.
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useAnyOverlayOpen, useOverlay } from '../../src/lib/overlays';

const escape = () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', cancelable: true }));

describe('overlays', () => {
  it('hands Escape to the top layer alone when two are open', () => {
    const sheet = vi.fn();
    const dialog = vi.fn();
    const below = renderHook(({ opened }) => useOverlay(opened, sheet), { initialProps: { opened: true } });
    const above = renderHook(({ opened }) => useOverlay(opened, dialog), { initialProps: { opened: true } });
    const mantineListener = vi.fn();
    window.addEventListener('keydown', mantineListener, { capture: true });
    act(() => void escape());
    expect(dialog).toHaveBeenCalledTimes(1);
    expect(sheet).not.toHaveBeenCalled();
    expect(mantineListener).not.toHaveBeenCalled();

    above.rerender({ opened: false });
    act(() => void escape());
    expect(sheet).not.toHaveBeenCalled();
    expect(mantineListener).toHaveBeenCalledTimes(1);
    window.removeEventListener('keydown', mantineListener, { capture: true });
    below.unmount();
    above.unmount();
  });

  it('keeps both open when the top one is a dialog Escape does not close', () => {
    const sheet = vi.fn();
    const below = renderHook(() => useOverlay(true, sheet));
    const above = renderHook(() => useOverlay(true));
    act(() => void escape());
    expect(sheet).not.toHaveBeenCalled();
    below.unmount();
    above.unmount();
  });

  it('tells whether any layer is open', () => {
    const open = renderHook(() => useAnyOverlayOpen());
    expect(open.result.current).toBe(false);
    const layer = renderHook(({ opened }) => useOverlay(opened), { initialProps: { opened: true } });
    expect(open.result.current).toBe(true);
    layer.rerender({ opened: false });
    expect(open.result.current).toBe(false);
  });
});
