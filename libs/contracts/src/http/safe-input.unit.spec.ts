import { findUnsafeInput, SAFE_INPUT_MESSAGES, unstorableCharacter } from './safe-input.js';

describe('the one input rule: no NUL, no unpaired surrogate, no prototype key', () => {
  it('tells what PostgreSQL could not store', () => {
    expect(unstorableCharacter('plain café 🎸')).toBeNull();
    expect(unstorableCharacter('a\u0000b')).toBe('nul');
    expect(unstorableCharacter('\uD83C')).toBe('loneSurrogate');
    expect(unstorableCharacter('\uDFB8x')).toBe('loneSurrogate');
    expect(unstorableCharacter('\uDFB8\uD83C')).toBe('loneSurrogate');
  });

  it('names each field by its path, as fieldErrors do', () => {
    expect(
      findUnsafeInput({ artist: { name: 'ok', socialUrls: ['fine', 'b\u0000'] }, bio: '\uD800', n: 1, b: null }),
    ).toEqual([
      { field: 'artist.socialUrls.1', message: SAFE_INPUT_MESSAGES.nul },
      { field: 'bio', message: SAFE_INPUT_MESSAGES.loneSurrogate },
    ]);
    expect(findUnsafeInput('x\u0000', ['id'])).toEqual([{ field: 'id', message: SAFE_INPUT_MESSAGES.nul }]);
    expect(findUnsafeInput(['\u0000'])).toEqual([{ field: '0', message: SAFE_INPUT_MESSAGES.nul }]);
    expect(findUnsafeInput('\u0000')).toEqual([{ field: 'value', message: SAFE_INPUT_MESSAGES.nul }]);
  });

  it('refuses prototype keys and unstorable keys, shown readably', () => {
    const parsed = JSON.parse('{"__proto__":{"x":1},"a":{"constructor":1,"prototype":2},"k\\u0000":3}') as unknown;
    expect(findUnsafeInput(parsed).map((p) => [p.field, p.message])).toEqual([
      ['__proto__', SAFE_INPUT_MESSAGES.prototypeKey],
      ['a.constructor', SAFE_INPUT_MESSAGES.prototypeKey],
      ['a.prototype', SAFE_INPUT_MESSAGES.prototypeKey],
      ['k\\u0000', SAFE_INPUT_MESSAGES.nul],
    ]);
  });

  it('walks 100,000 levels of nesting without the stack, and stops at the limit', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeInput(deep)).toHaveLength(1);
    expect(
      findUnsafeInput(
        Array.from({ length: 1000 }, () => '\u0000'),
        [],
        5,
      ),
    ).toHaveLength(5);
    expect(findUnsafeInput({ fine: ['a', 1, true, null, { b: '🎸' }] })).toEqual([]);
  });
});
