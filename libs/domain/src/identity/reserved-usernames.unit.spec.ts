import { isReservedUsername } from './reserved-usernames.js';

describe('reserved usernames', () => {
  it.each(['admin', 'payola', 'support', 'payola_support', 'the_admin', 'admin2', 'payolahelp', 'staff_jo', 'mod'])(
    'staff words anywhere: %s is reserved',
    (name) => expect(isReservedUsername(name)).toBe(true),
  );

  it.each(['login', 'artists', 'fan', 'industry_pro', 'team', 'api', 'verified'])(
    'routes, roles and product words as whole names: %s is reserved',
    (name) => expect(isReservedUsername(name)).toBe(true),
  );

  it.each([
    'bjork_fan',
    'team_rocket',
    'modest_mouse',
    'supportive',
    'rootsreggae',
    'fan_of_the_fall',
    'jo_99',
    'staffordshire_fan',
  ])('ordinary names are free: %s', (name) => expect(isReservedUsername(name)).toBe(false));
});
