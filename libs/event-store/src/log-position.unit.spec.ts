import { compareLogPositions, formatLogPosition } from './log-position.js';

describe('log positions', () => {
  it('order by transaction first, then by sequence number', () => {
    const early = { transactionId: '100', globalPosition: 7 };
    const lateTxLowSeq = { transactionId: '101', globalPosition: 3 };
    expect(compareLogPositions(early, lateTxLowSeq)).toBeLessThan(0);
    expect(compareLogPositions(lateTxLowSeq, early)).toBeGreaterThan(0);
    expect(compareLogPositions(early, { transactionId: '100', globalPosition: 8 })).toBeLessThan(0);
    expect(compareLogPositions(early, { ...early })).toBe(0);
  });

  it('compare transaction ids beyond 2^53 exactly', () => {
    const a = { transactionId: '9007199254740993', globalPosition: 1 };
    const b = { transactionId: '9007199254740992', globalPosition: 2 };
    expect(compareLogPositions(a, b)).toBeGreaterThan(0);
    expect(formatLogPosition(a)).toBe('9007199254740993/1');
  });
});
