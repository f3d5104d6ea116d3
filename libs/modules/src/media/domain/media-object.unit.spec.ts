import {
  checkDeclaredFile,
  decideExpire,
  decideFanMessage,
  evolveMedia,
  INITIAL_MEDIA_STATE,
  judgeStoredFile,
  mediaIdFromUrl,
  type MediaEvent,
  type MediaState,
} from './media-object.js';

const ID = '0b9d2c4e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';

function given(...events: MediaEvent[]): MediaState {
  return events.reduce(evolveMedia, INITIAL_MEDIA_STATE);
}

const started: MediaEvent = {
  type: 'MediaUploadStarted',
  data: {
    mediaId: ID,
    userId: 'u1',
    kind: 'fan-video',
    uploadKey: `uploads/u1/${ID}`,
    filename: 'a.mp4',
    declaredType: 'video/mp4',
    declaredSize: 10,
  },
};
const verified: MediaEvent = {
  type: 'MediaUploadVerified',
  data: { mediaId: ID, key: `media/fan-video/${ID}.mp4`, contentType: 'video/mp4', size: 10, posterKey: null },
};
const message = {
  mediaId: ID,
  artistId: 'a1',
  userId: 'u1',
  message: 'hi',
  isPublic: true,
  payolaEarned: 25,
  senderFanNumber: 7,
};

describe('media objects', () => {
  it('judges a stored file by its real size and sniffed type, not by what the browser said', () => {
    expect(judgeStoredFile('fan-video', { size: 10, sniffedType: 'video/mp4' })).toEqual({
      ok: true,
      contentType: 'video/mp4',
    });
    expect(judgeStoredFile('fan-video', { size: 10, sniffedType: 'application/x-msdownload' })).toMatchObject({
      ok: false,
      title: 'Invalid file type',
    });
    expect(judgeStoredFile('fan-video', { size: 10_485_761, sniffedType: 'video/mp4' })).toMatchObject({
      ok: false,
      reason: 'Please select a video under 10MB.',
    });
    expect(judgeStoredFile('profile-photo', { size: 5_242_880, sniffedType: 'image/png' }).ok).toBe(true);
    expect(judgeStoredFile('profile-photo', { size: 5_242_881, sniffedType: 'image/png' })).toMatchObject({
      reason: 'Please select an image under 5MB.',
    });
    expect(judgeStoredFile('profile-photo', { size: 10, sniffedType: 'image/gif' }).ok).toBe(false);
  });

  it('refuses a declared oversize or a type of the wrong family before signing (docs/product.md §5)', () => {
    expect(() => checkDeclaredFile('profile-photo', { size: 5_242_881 })).toThrow('Please select an image under 5MB.');
    expect(() => checkDeclaredFile('profile-photo', { contentType: 'text/html' })).toThrow(
      'Please select a JPG or PNG image.',
    );
    expect(() => checkDeclaredFile('fan-video', { contentType: 'video/mp4', size: 10_485_760 })).not.toThrow();
  });

  it("posts a fan message only with a checked video of the fan's own, once", () => {
    expect(() => decideFanMessage(given(started), message)).toThrow('Upload a video for your message first.');
    expect(() => decideFanMessage(given(started, verified), { ...message, userId: 'u2' })).toThrow(
      'You can only use your own uploads.',
    );
    const events = decideFanMessage(given(started, verified), message);
    expect(events).toEqual([{ type: 'FanMessagePosted', data: { fanMessageId: ID, ...message } }]);
    expect(() => decideFanMessage(given(started, verified, events[0]!), message)).toThrow(
      'This video is already attached to a message.',
    );
  });

  it('expires only what was never attached', () => {
    expect(decideExpire(given(started), ID)).toEqual([{ type: 'MediaExpired', data: { mediaId: ID } }]);
    expect(decideExpire(given(started, verified), ID)).toHaveLength(1);
    const posted = decideFanMessage(given(started, verified), message)[0]!;
    expect(decideExpire(given(started, verified, posted), ID)).toEqual([]);
    expect(() =>
      decideFanMessage(given(started, verified, { type: 'MediaExpired', data: { mediaId: ID } }), message),
    ).toThrow('This upload does not exist or has expired.');
  });

  it('finds the media id in the paths and upload URLs the app was given', () => {
    expect(mediaIdFromUrl(`/api/media/${ID}`)).toBe(ID);
    expect(mediaIdFromUrl(`http://127.0.0.1:4568/payola-media/uploads/u1/${ID}?X-Amz-Signature=abc`)).toBe(ID);
    expect(mediaIdFromUrl('https://evil.example/whatever')).toBeNull();
    expect(mediaIdFromUrl('not a url at all %%%')).toBeNull();
  });
});
