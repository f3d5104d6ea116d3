/**
 * Names nobody may take: a username like `payola_support` or `admin` would let anyone pose as the
 * platform's staff, and one like `login` or `artists` reads like a page of the product. Usernames are
 * already cleaned to a-z, 0-9 and `_` (cleanUsername) when this is asked.
 */
/** Words that pose as staff anywhere in a name: `payola_support`, `the_admin`, `admin2`, `payolahelp`. */
const STAFF_PARTS = new Set([
  'admin',
  'administrator',
  'mod',
  'moderator',
  'official',
  'payola',
  'root',
  'staff',
  'support',
  'sysadmin',
  'webmaster',
]);
const STAFF_PREFIXES = ['admin', 'payola'];

/** Roles, routes and product or staff words: reserved as whole names (`team` is, `team_rocket` is not). */
const WHOLE_NAMES = new Set([
  'about',
  'account',
  'api',
  'artist',
  'artists',
  'billing',
  'compliance',
  'contact',
  'dashboard',
  'everyone',
  'fan',
  'fans',
  'favorites',
  'help',
  'helpdesk',
  'industry_pro',
  'legal',
  'login',
  'logout',
  'me',
  'null',
  'operator',
  'ops',
  'owner',
  'password',
  'payment',
  'privacy',
  'profile',
  'pyl',
  'reset_password',
  'security',
  'service_provider',
  'settings',
  'shop',
  'signup',
  'system',
  'team',
  'terms',
  'trust',
  'undefined',
  'venue',
  'venues',
  'verification',
  'verified',
  'waitlist',
]);

/** Whether a (cleaned) username is reserved: see the three lists above. */
export function isReservedUsername(username: string): boolean {
  if (WHOLE_NAMES.has(username)) return true;
  if (STAFF_PREFIXES.some((prefix) => username.startsWith(prefix))) return true;
  return username
    .split('_')
    .map((part) => part.replace(/\d+$/, ''))
    .some((part) => STAFF_PARTS.has(part));
}
