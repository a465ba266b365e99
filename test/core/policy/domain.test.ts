// WebFetch(domain:...) host matching against hostile URLs.
import { describe, expect, it } from 'vitest';
import { urlMatchesDomain } from '../../../main/core/policy/rules/domain.js';

describe('urlMatchesDomain(url, "example.com")', () => {
  it.each([
    ['https://example.com/docs', true],
    ['https://docs.example.com/x', true],
    ['http://EXAMPLE.com/', true],
    ['https://example.com./x', true],
    ['https://example.com:8443/x', true],
    ['https://%65xample.com/', true],
    ['https://example.com.evil.test/x', false],
    ['https://notexample.com/', false],
    ['https://example.com@evil.test/', false],
    ['https://user:pw@evil.test/example.com', false],
    ['https://evil.test\\@example.com/', false],
    ['https://evil.test#@example.com', false],
    ['https://exаmple.com/', false], // Cyrillic а
    ['https://example.co/', false],
    ['ftp://example.com/x', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['example.com/docs', false],
    ['https://[::1]/', false],
    ['', false],
  ])('%s → %s', (url, expected) => {
    expect(urlMatchesDomain(url, 'example.com')).toBe(expected);
  });
});
