import { SHOP_MESSAGES } from '@app/contracts';
import { assertMayCreate, doorStatus, mayManage, offerStatus, redemptionRefusal, type OfferTerms } from './offer.js';
import { parseOfferCodesCsv } from './offer-codes-csv.js';

const now = new Date('2026-11-26T12:00:00Z');
const member = { userId: 'm1', claimedEntries: [{ kind: 'artist' as const, entryId: 'a1' }], operator: false };
const operator = { userId: 'op', claimedEntries: [], operator: true };
const inAMonth = '2026-12-26T12:00:00Z';

describe('who may create and manage offers', () => {
  it("lets a member offer for an entry whose claim was approved for them, and no other member's", () => {
    const offer = {
      owner: { kind: 'artist' as const, entryId: 'a1' },
      kind: 'merch-discount' as const,
      validTo: inAMonth,
    };
    expect(() => assertMayCreate(member, offer, now)).not.toThrow();
    expect(() => assertMayCreate(member, { ...offer, owner: { kind: 'venue', entryId: 'a1' } }, now)).toThrow(
      SHOP_MESSAGES.notYourEntry,
    );
    expect(() => assertMayCreate({ ...member, claimedEntries: [] }, offer, now)).toThrow(SHOP_MESSAGES.notYourEntry);
  });

  it('keeps platform offers for operators, and to in-app rewards', () => {
    const platform = { owner: { kind: 'platform' as const }, kind: 'in-app-reward' as const, validTo: inAMonth };
    expect(() => assertMayCreate(member, platform, now)).toThrow(SHOP_MESSAGES.platformOperatorsOnly);
    expect(() => assertMayCreate(operator, platform, now)).not.toThrow();
    expect(() => assertMayCreate(operator, { ...platform, kind: 'ticket-discount' }, now)).toThrow(
      SHOP_MESSAGES.platformInAppOnly,
    );
    expect(mayManage(member, { kind: 'platform' })).toBe(false);
    expect(mayManage(operator, { kind: 'artist', entryId: 'a9' })).toBe(true);
  });

  it('refuses an end date that has passed', () => {
    const offer = { owner: { kind: 'artist' as const, entryId: 'a1' }, kind: 'vinyl-discount' as const };
    expect(() => assertMayCreate(member, { ...offer, validTo: now.toISOString() }, now)).toThrow(
      SHOP_MESSAGES.validToPast,
    );
  });
});

describe('whether an offer can be redeemed now, and what the door says of a code', () => {
  const terms: OfferTerms = {
    offerId: 'o1',
    owner: { kind: 'artist', entryId: 'a1' },
    createdBy: 'm1',
    title: 'Shirt',
    howToUse: 'Show it',
    kind: 'merch-discount',
    price: 100,
    perFanLimit: 1,
    validFrom: new Date('2026-11-01T00:00:00Z'),
    validTo: new Date('2026-12-01T00:00:00Z'),
    withdrawnAt: null,
  };

  it('refuses a withdrawn offer, one not started and one expired; allows one in its window', () => {
    expect(redemptionRefusal(terms, now)).toBeNull();
    expect(redemptionRefusal({ ...terms, withdrawnAt: now }, now)).toBe(SHOP_MESSAGES.withdrawn);
    expect(redemptionRefusal(terms, new Date('2026-10-31T23:59:59Z'))).toBe(SHOP_MESSAGES.notStarted);
    expect(redemptionRefusal(terms, new Date('2026-12-01T00:00:01Z'))).toBe(SHOP_MESSAGES.expired);
  });

  it('lists an offer as withdrawn, expired, sold out, upcoming or active, in that order of precedence', () => {
    const row = { withdrawnAt: null, validFrom: terms.validFrom, validTo: terms.validTo, remaining: 3 };
    expect(offerStatus(row, now)).toBe('active');
    expect(offerStatus({ ...row, remaining: 0 }, now)).toBe('sold-out');
    expect(offerStatus(row, new Date('2026-10-01T00:00:00Z'))).toBe('upcoming');
    expect(offerStatus({ ...row, remaining: 0 }, new Date('2027-01-01T00:00:00Z'))).toBe('expired');
    expect(offerStatus({ ...row, withdrawnAt: now }, now)).toBe('withdrawn');
  });

  it('says valid, used (a used code stays used after the end date), expired, withdrawn or not redeemed', () => {
    const code = { redeemedAt: now, usedAt: null, refundedAt: null, validTo: terms.validTo };
    expect(doorStatus(code, now)).toBe('valid');
    expect(doorStatus({ ...code, usedAt: now }, new Date('2027-01-01T00:00:00Z'))).toBe('used');
    expect(doorStatus(code, new Date('2027-01-01T00:00:00Z'))).toBe('expired');
    expect(doorStatus({ ...code, refundedAt: now }, now)).toBe('withdrawn');
    expect(doorStatus({ ...code, redeemedAt: null }, now)).toBe('not-redeemed');
  });
});

describe('codes uploaded as CSV', () => {
  it('reads one code per row, upper-cased, with or without a final line break, a BOM or quotes', () => {
    expect(parseOfferCodesCsv('\uFEFFabc-123\r\n"XYZ-9"\r\nq 1 2 3\n')).toEqual(['ABC-123', 'XYZ-9', 'Q123']);
  });

  it('names the row of a duplicate (after case folding), a blank row, a row of two values and a bad code', () => {
    expect(() => parseOfferCodesCsv('ABCD\nEFGH\nabcd\n')).toThrow(SHOP_MESSAGES.csvDuplicate('ABCD', [1, 3]));
    expect(() => parseOfferCodesCsv('ABCD\n \nEFGH')).toThrow(SHOP_MESSAGES.csvBlank(2));
    expect(() => parseOfferCodesCsv('ABCD,EFGH\n')).toThrow(SHOP_MESSAGES.csvBadCode(1));
    expect(() => parseOfferCodesCsv('ABCD\nA!B\n')).toThrow(SHOP_MESSAGES.csvBadCode(2));
    expect(() => parseOfferCodesCsv('\n\n')).toThrow(SHOP_MESSAGES.csvEmpty);
    expect(() => parseOfferCodesCsv('"ABCD\n')).toThrow(SHOP_MESSAGES.csvUnreadable);
  });

  it('refuses a code of our generated shape whose check character is wrong (the door would call it a typo)', () => {
    expect(() => parseOfferCodesCsv('ABCD-EFGH-A\n')).toThrow(SHOP_MESSAGES.csvMistyped(1));
  });
});
