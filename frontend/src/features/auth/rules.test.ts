import { describe, expect, it } from 'vitest';
import { normalizeTwitter, shortAddress, twitterProblem, usernameProblem } from './rules';
import { authOutcome } from './use-sign-in';

describe('settings rules', () => {
  it('take displayed names of 3 to 20 letters, digits, dashes, dots and underscores', () => {
    for (const name of ['abc', 'a.b-c_d', 'x'.repeat(20), 'Alice99']) expect(usernameProblem(name)).toBeNull();
    for (const name of ['ab', 'x'.repeat(21), 'a b', 'émile', 'a@b', '']) {
      expect(usernameProblem(name)).toBe(
        'Name must be between 3 and 20 characters with only alphanumeric characters, dashes, dots and underscores',
      );
    }
  });

  it('strip the leading @ of an X handle and take 2 to 20 letters, digits and underscores', () => {
    expect(normalizeTwitter(' @alice_btc ')).toBe('alice_btc');
    expect(normalizeTwitter('@@bob')).toBe('bob');
    expect(twitterProblem('ab')).toBeNull();
    expect(twitterProblem('x'.repeat(20))).toBeNull();
    for (const handle of ['a', 'x'.repeat(21), 'a.b', 'a-b', '']) {
      expect(twitterProblem(handle)).toBe('Name must be between 2 and 20 characters with only alphanumeric characters');
    }
  });

  it('shorten addresses to 5 characters at both ends', () => {
    expect(shortAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe('bc1qa...f5mdq');
    expect(shortAddress('short')).toBe('short');
  });
});

describe('the authentication answer', () => {
  it("is 'success', 'expired', or anything else", () => {
    expect(authOutcome('success')).toBe('success');
    expect(authOutcome('success\n')).toBe('success');
    expect(authOutcome('expired')).toBe('expired');
    expect(authOutcome('Success')).toBe('other');
    expect(authOutcome({ result: 'success' })).toBe('other');
    expect(authOutcome(undefined)).toBe('other');
  });
});
