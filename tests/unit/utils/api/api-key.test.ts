// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { apiKeyProblem, badKeyMessage, noKeyMessage } from '@/utils/api/api-key';

describe('apiKeyProblem', () => {
  it('asks for a key when there is none', () => {
    expect(apiKeyProblem('')).toBe(noKeyMessage());
  });

  it('refuses a key a request header cannot carry', () => {
    for (const key of ['ключ', 'tab\tkey', ' padded', 'line\nbreak'])
      expect(apiKeyProblem(key)).toBe(badKeyMessage());
  });

  it('takes visible ASCII, spaces inside included', () => {
    for (const key of ['demo-key', 'a b c', '~!@#$%^&*()']) expect(apiKeyProblem(key)).toBeUndefined();
  });
});
