import { describe, expect, it } from 'vitest';
import { ClientError } from 'graphql-request';
import { normalizeError } from '../../src/api/normalize-error';

const answer = (errors: unknown[], status = 200) =>
  new ClientError(
    { errors: errors as never, status, headers: new Headers(), body: '' },
    { query: 'mutation Login { login }', variables: { data: { password: 'Secret123' } } },
  );

describe('message selection (spec §8), rule by rule', () => {
  it('a network error shows the default message', () => {
    expect(normalizeError(new TypeError('Failed to fetch'))).toEqual({ code: 'network' });
  });

  it('validation errors show all field messages joined by newlines', () => {
    const error = answer([
      {
        message: 'The given data was invalid.',
        extensions: { category: 'validation', fields: { email: ['Email is taken.'], password: ['Too short.', 'Needs a digit.'] } },
      },
    ]);
    expect(normalizeError(error)).toMatchObject({
      code: 'validation',
      message: 'Email is taken.\nToo short.\nNeeds a digit.',
      fields: { email: ['Email is taken.'], password: ['Too short.', 'Needs a digit.'] },
    });
  });

  it('other GraphQL errors show the first message', () => {
    const error = answer([{ message: 'Insufficient balance.' }, { message: 'Second one.' }]);
    expect(normalizeError(error)).toEqual({ code: 'server', message: 'Insufficient balance.' });
  });

  it('a JSON message shows the first entry of its first field', () => {
    const error = answer([{ message: JSON.stringify({ amount: ['The amount is too small.', 'x'], other: ['y'] }) }]);
    expect(normalizeError(error)).toMatchObject({ code: 'server', message: 'The amount is too small.' });
  });

  it('internal server error is replaced by the default message', () => {
    expect(normalizeError(answer([{ message: 'Internal server error' }]))).toEqual({ code: 'internal' });
    expect(normalizeError(answer([{ message: 'Unexpected error.' }]))).toEqual({ code: 'internal' });
  });

  it('user not found or not active becomes the user-not-found message', () => {
    expect(normalizeError(answer([{ message: 'User not found or not active.' }]))).toMatchObject({
      code: 'userNotFound',
    });
  });

  it('keeps the authentication category and the named reason', () => {
    expect(normalizeError(answer([{ message: 'Unauthenticated.', extensions: { category: 'authentication' } }]))).toEqual({
      code: 'authentication',
      category: 'authentication',
      message: 'Unauthenticated.',
    });
    expect(
      normalizeError(
        answer([{ message: 'Two-factor code required.', extensions: { category: 'authentication', reason: 'TwoFaError' } }]),
      ),
    ).toMatchObject({ code: 'authentication', reason: 'TwoFaError' });
    expect(
      normalizeError(answer([{ message: 'Invalid login', extensions: { category: 'authentication', reason: 'InvalidLogin' } }])),
    ).toMatchObject({ code: 'invalidLogin' });
  });

  it('falls back to Unknown Error when nothing usable came back', () => {
    expect(normalizeError(answer([]))).toEqual({ code: 'unknown' });
    expect(normalizeError(answer([{ message: '' }]))).toEqual({ code: 'unknown' });
  });

  it('a server that failed with a 5xx and no GraphQL answer shows the default message', () => {
    const error = Object.assign(new Error('Bad gateway'), { response: { status: 502 } });
    expect(normalizeError(error)).toEqual({ code: 'internal' });
  });

  it('a restarting server (503 unavailable, or a bare 503) is a retryable unavailable, with its wait', () => {
    const restarting = answer(
      [{ message: 'The server is restarting. Try again in a few seconds.', extensions: { category: 'unavailable', retry_after: 5 } }],
      503,
    );
    expect(normalizeError(restarting)).toEqual({ code: 'unavailable', category: 'unavailable', retryAfter: 5 });
    const bare = Object.assign(new Error('Service Unavailable'), { response: { status: 503 } });
    expect(normalizeError(bare)).toEqual({ code: 'unavailable' });
  });

  it('never keeps the request, which can hold a password', () => {
    const normalized = normalizeError(answer([{ message: 'Nope.' }]));
    expect(JSON.stringify(normalized)).not.toContain('Secret123');
  });

  it('leaves an error that is already normalised as it is', () => {
    expect(normalizeError({ code: 'network' })).toEqual({ code: 'network' });
  });
});
