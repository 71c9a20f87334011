import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { appErrorText } from '../../src/lib/app-error-text';

describe('the text a member sees for an error (spec §8 "Texts")', () => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });

  it('network and internal errors show the default text', () => {
    const text = 'Ooops! Something went wrong, please apply to the support chat.';
    expect(appErrorText({ code: 'network' })).toBe(text);
    expect(appErrorText({ code: 'internal' })).toBe(text);
  });

  it('user not found reads as the invalid-login text on login', () => {
    expect(appErrorText({ code: 'userNotFound' }, { onLogin: true })).toBe('Invalid login or password. Please try again.');
    expect(appErrorText({ code: 'userNotFound' })).toBe('User not found or not active.');
  });

  it('server and validation messages are shown as they came', () => {
    expect(appErrorText({ code: 'server', message: 'Insufficient balance.' })).toBe('Insufficient balance.');
    expect(appErrorText({ code: 'validation', message: 'A\nB' })).toBe('A\nB');
  });

  it('the fallback is Unknown Error', () => {
    expect(appErrorText({ code: 'unknown' })).toBe('Unknown Error');
  });
});
