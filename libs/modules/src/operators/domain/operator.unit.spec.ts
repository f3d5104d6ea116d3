import {
  decideEnrol,
  decideGrant,
  decideRevoke,
  operatorFold,
  OperatorCommandRefusedError,
  type OperatorEvent,
} from './operator.js';

const given = (...events: OperatorEvent[]) => events.reduce(operatorFold.evolve, operatorFold.initialState());
const granted: OperatorEvent = { type: 'OperatorGranted', data: { userId: 'u1', via: 'cli', reason: 'r' } };
const revoked: OperatorEvent = { type: 'OperatorRevoked', data: { userId: 'u1', via: 'cli', reason: 'r' } };
const enrolled: OperatorEvent = { type: 'OperatorSecondFactorEnrolled', data: { userId: 'u1', recoveryCodes: 10 } };

describe('operator access', () => {
  it('grants a member once; a repeat grant is refused', () => {
    expect(decideGrant(given(), 'u1', 'on call')).toEqual([
      { type: 'OperatorGranted', data: { userId: 'u1', via: 'cli', reason: 'on call' } },
    ]);
    expect(() => decideGrant(given(granted), 'u1', 'again')).toThrow(OperatorCommandRefusedError);
  });

  it('revokes an operator; revoking a non-operator is refused', () => {
    expect(decideRevoke(given(granted), 'u1', 'left')).toEqual([
      { type: 'OperatorRevoked', data: { userId: 'u1', via: 'cli', reason: 'left' } },
    ]);
    expect(() => decideRevoke(given(), 'u1', 'x')).toThrow(OperatorCommandRefusedError);
    expect(() => decideRevoke(given(granted, revoked), 'u1', 'x')).toThrow(OperatorCommandRefusedError);
  });

  it('enrols once per grant, and a new grant after a revoke enrols again', () => {
    expect(decideEnrol(given(granted), 'u1', 10)).toHaveLength(1);
    expect(() => decideEnrol(given(granted, enrolled), 'u1', 10)).toThrow('already set up');
    expect(() => decideEnrol(given(), 'u1', 10)).toThrow(OperatorCommandRefusedError);
    expect(given(granted, enrolled, revoked, granted)).toEqual({ operator: true, enrolled: false, grants: 2 });
  });
});
