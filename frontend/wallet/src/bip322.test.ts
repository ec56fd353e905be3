import { hex } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { messageHash, signBip322, virtualTxids } from './bip322';
import { accountOf } from './keys';

/** BIP-322's published key and vectors (WALLET-AUTH.md §1.6). */
const KEY = { wif: 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k' };
const ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';

describe('BIP-322 simple', () => {
  it('hashes messages as the published vectors do', () => {
    expect(hex.encode(messageHash(''))).toBe('c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1');
    expect(hex.encode(messageHash('Hello World'))).toBe(
      'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a',
    );
    expect(hex.encode(messageHash('UTF-8 support: öäüéàè 测试文本 \uD83D\uDE04'))).toBe(
      '43936b237ea38c7794eb5d755e0d220b6db92ebfc5c8f482759d22b1286376d7',
    );
  });

  it('builds the published virtual transactions', () => {
    expect(virtualTxids('', ADDRESS)).toEqual({
      toSpend: 'c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7',
      toSign: '1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6',
    });
    expect(virtualTxids('Hello World', ADDRESS)).toEqual({
      toSpend: 'b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b',
      toSign: '88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf',
    });
  });

  it('signs as the published vectors (deterministic nonces), and only with the address key', async () => {
    const account = await accountOf({ kind: 'wif', wif: KEY.wif });
    expect(account.address).toBe(ADDRESS);
    expect(signBip322('', ADDRESS, account.privateKey)).toBe(
      'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEh' +
        'AsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    );
    expect(signBip322('Hello World', ADDRESS, account.privateKey)).toBe(
      'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEh' +
        'AsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    );
    const other = await accountOf({
      kind: 'mnemonic',
      phrase: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    });
    expect(() => signBip322('Hello World', ADDRESS, other.privateKey)).toThrow();
  });

  it('refuses addresses it cannot sign for', async () => {
    const account = await accountOf({ kind: 'wif', wif: KEY.wif });
    expect(() => signBip322('x', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', account.privateKey)).toThrow(/P2WPKH/);
    expect(() => signBip322('x', 'not an address', account.privateKey)).toThrow();
  });
});
