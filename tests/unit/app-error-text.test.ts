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

  it('a restarting server asks to try again shortly', () => {
    expect(appErrorText({ code: 'unavailable', retryAfter: 5 })).toBe('The server is restarting. Please try again in a few seconds.');
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

describe('named outcomes', () => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });

  it('a code that is not the one sent reads as the spec\'s code text', () => {
    const text = 'Incorrect verification code. The code must be 6 characters.';
    expect(appErrorText({ code: 'server', reason: 'WrongCode' })).toBe(text);
    expect(appErrorText({ code: 'authentication', reason: 'TwoFaCodeError' })).toBe(text);
  });

  it('a rate limit says how long to wait', () => {
    expect(appErrorText({ code: 'server', reason: 'TooManyAttempts', retryAfter: 42 })).toBe('Too many attempts. Try again in 42 s.');
  });

  it('a reason that is a step of a flow falls back to its code\'s text', () => {
    expect(appErrorText({ code: 'invalidLogin', reason: 'InvalidLogin' })).toBe('Invalid login or password. Please try again.');
  });
});
