import { ZVenueInput } from './venues.js';

const venue = (extra: Record<string, unknown> = {}) => ({
  name: 'The Bowery Ballroom',
  venueType: 'Live Music Club',
  city: 'New York',
  state: 'NY',
  ...extra,
});

const messages = (input: unknown) => {
  const result = ZVenueInput.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the add-venue contract', () => {
  it('takes the required fields and fills the defaults of the spec', () => {
    expect(ZVenueInput.parse(venue())).toMatchObject({
      name: 'The Bowery Ballroom',
      country: 'USA',
      capacity: null,
      ageRestriction: null,
      soundSystem: null,
      socialUrls: [],
    });
  });

  it('answers each missing required field at that field', () => {
    expect(messages({})).toEqual([
      'name: Venue name is required',
      'venueType: Venue type is required',
      'city: City is required',
      'state: State is required',
    ]);
    expect(messages(venue({ name: '   ', city: '' }))).toEqual([
      'name: Venue name is required',
      'city: City is required',
    ]);
  });

  it('refuses what is not on the lists, and a state outside the 50', () => {
    expect(messages(venue({ venueType: 'Concert Halls', state: 'PR', ageRestriction: '16+' }))).toEqual([
      'venueType: Venue type is required',
      'state: State is required',
      'ageRestriction: Please choose from the list',
    ]);
  });

  it('reads capacity as a whole number and sends blank choices as absent', () => {
    expect(ZVenueInput.parse(venue({ capacity: '575', ageRestriction: '', soundSystem: '' }))).toMatchObject({
      capacity: 575,
      ageRestriction: null,
      soundSystem: null,
    });
    expect(messages(venue({ capacity: '12.5' }))).toEqual(['capacity: Capacity must be a whole number']);
    expect(messages(venue({ capacity: 'lots' }))).toEqual(['capacity: Capacity must be a whole number']);
  });

  it('drops blank social links and refuses a link entered twice or one that is not a link', () => {
    expect(
      ZVenueInput.parse(venue({ socialUrls: ['', 'https://www.instagram.com/boweryballroom'] })).socialUrls,
    ).toEqual(['https://www.instagram.com/boweryballroom']);
    expect(
      messages(
        venue({ socialUrls: ['https://instagram.com/boweryballroom', 'https://www.instagram.com/BoweryBallroom/'] }),
      ),
    ).toEqual(['socialUrls.1: This link is entered twice.']);
    expect(messages(venue({ socialUrls: ['not a link'] }))).toHaveLength(1);
  });

  it('refuses overlong and unstorable text, and an invalid email', () => {
    expect(messages(venue({ name: 'x'.repeat(201) }))).toHaveLength(1);
    expect(messages(venue({ bio: 'a\u0000b' }))).toEqual(['bio: Please remove unsupported characters']);
    expect(messages(venue({ email: 'not-an-email' }))).toEqual(['email: Please enter a valid email address']);
  });
});
