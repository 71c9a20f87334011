// @vitest-environment jsdom
// Form drafts (issue 33): kept per member and form in this tab's session storage, never a password, code or
// secret; another member never reads them; a deliberate logout clears them all.
import { beforeEach, describe, expect, it } from 'vitest';
import { clearFormDraft, clearFormDrafts, readFormDraft, writeFormDraft } from '../../src/lib/form-drafts';

beforeEach(() => window.sessionStorage.clear());

describe('form drafts', () => {
  it("gives a member back their own draft, and no one else's", () => {
    writeFormDraft('profile', 'member-1', { name: 'Ana', phone: '+351 912' });
    expect(readFormDraft('profile', 'member-1')).toEqual({ name: 'Ana', phone: '+351 912' });
    expect(readFormDraft('profile', 'member-2')).toBeNull();
    expect(readFormDraft('withdrawal', 'member-1')).toBeNull();
    expect(readFormDraft('profile', null)).toBeNull();
  });

  it('never stores a password, a code or a secret', () => {
    writeFormDraft('withdrawal', 'member-1', { amount: '25', code: '123456', password: 'Demo12345', apiSecret: 's', supportCode: 'x' });
    const stored = Object.values({ ...window.sessionStorage }).join(' ');
    expect(stored).not.toMatch(/123456|Demo12345/);
    expect(readFormDraft('withdrawal', 'member-1')).toEqual({ amount: '25' });
  });

  it('clears one form when it is sent, and all on a deliberate logout', () => {
    writeFormDraft('profile', 'member-1', { name: 'Ana' });
    writeFormDraft('deal-request', 'member-1', { job: 'Nurse' });
    window.sessionStorage.setItem('notice-after-reload', 'saved');
    clearFormDraft('profile', 'member-1');
    expect(readFormDraft('profile', 'member-1')).toBeNull();
    expect(readFormDraft('deal-request', 'member-1')).toEqual({ job: 'Nurse' });
    clearFormDrafts();
    expect(readFormDraft('deal-request', 'member-1')).toBeNull();
    expect(window.sessionStorage.getItem('notice-after-reload')).toBe('saved');
  });
});
