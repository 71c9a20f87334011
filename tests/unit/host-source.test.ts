import { describe, expect, it } from 'vitest';
import { hostSource } from '../../src/lib/host-source';

describe('host source: the host with known suffixes stripped', () => {
  const suffixes = ['.portal.example.com', '.example.com', '.localhost'];

  it('strips a known suffix', () => {
    expect(hostSource('acme.localhost', suffixes)).toBe('acme');
    expect(hostSource('acme.example.com', suffixes)).toBe('acme');
  });

  it('prefers the longest matching suffix', () => {
    expect(hostSource('acme.portal.example.com', suffixes)).toBe('acme');
  });

  it('ignores the port, letter case and a trailing dot', () => {
    expect(hostSource('ACME.localhost:4173', suffixes)).toBe('acme');
    expect(hostSource('acme.localhost.', suffixes)).toBe('acme');
  });

  it('keeps a host that is only a suffix or has none', () => {
    expect(hostSource('localhost:8080', suffixes)).toBe('localhost');
    expect(hostSource('portal.acme.io', suffixes)).toBe('portal.acme.io');
    expect(hostSource('127.0.0.1:8080', suffixes)).toBe('127.0.0.1');
  });

  it('does not strip a suffix that is only the end of a label', () => {
    expect(hostSource('notexample.com', suffixes)).toBe('notexample.com');
  });
});
