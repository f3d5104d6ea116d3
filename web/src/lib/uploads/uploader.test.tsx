import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterAll, describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-app';
import { memberUser, server, signIn } from '@/test/server';
import { findToast } from '@/test/toasts';

const STORAGE_URL = 'https://storage.test/payola-media/users/user-1/avatar.png';
const MB = 1024 * 1024;
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'PUT',
  'Access-Control-Allow-Headers': 'content-type',
  'Access-Control-Expose-Headers': 'ETag',
};

function image(name = 'avatar.png', size = 1024, type = 'image/png') {
  return new File([new Uint8Array(size)], name, { type });
}

/**
 * The upload path as the browser sees it: the api signs a PUT, storage takes the bytes (the test
 * decides how), the api checks the object, then the profile points at it.
 */
function serveUpload(storage: () => Promise<Response> | Response) {
  const calls: string[] = [];
  server.use(
    http.post('/api/objects/upload', async ({ request }) => {
      calls.push(`sign ${JSON.stringify(await request.json())}`);
      return HttpResponse.json({
        uploadURL: STORAGE_URL,
        uploadId: 'up-1',
        key: 'users/user-1/avatar.png',
        method: 'PUT',
        headers: {},
        expiresInSeconds: 300,
      });
    }),
    // Storage is another origin: the browser asks first (CORS), as it does with the real bucket.
    http.options(STORAGE_URL, () => new HttpResponse(null, { status: 204, headers: CORS })),
    http.put(STORAGE_URL, async () => {
      calls.push('store');
      const answer = await storage();
      for (const [name, value] of Object.entries(CORS)) answer.headers.set(name, value);
      return answer;
    }),
    http.post('/api/objects/up-1/complete', async () => {
      calls.push('check');
      await delay(200);
      return HttpResponse.json({
        mediaId: 'media-1',
        url: 'https://storage.test/signed/avatar.png',
        contentType: 'image/png',
        size: 1024,
        posterUrl: null,
      });
    }),
    http.put('/api/profile-images', () => {
      calls.push('set');
      return HttpResponse.json({ objectPath: '/objects/media-1' });
    }),
    http.patch('/api/users/user-1', () => HttpResponse.json(memberUser({ profileImageUrl: '/objects/media-1' }))),
  );
  return calls;
}

async function openProfile() {
  signIn();
  const app = await renderRoute('/profile');
  return { ...app, picker: await screen.findByLabelText(/Profile photo/) };
}

// Each Uppy checks navigator.onLine 3 s after it is made, by a timer nothing cancels: the file's DOM
// must outlive the last one, or the timer fails after the test is over.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 3100)));

describe('Uploader (profile photo)', () => {
  it('refuses a photo over 5 MB before sending anything', async () => {
    const calls = serveUpload(() => new HttpResponse(null, { status: 200 }));
    const { user, picker } = await openProfile();
    await user.upload(picker, image('huge.png', 5 * MB + 1));

    expect(await findToast('File too large')).toHaveTextContent('Please select an image under 5MB.');
    expect(calls).toEqual([]);
  });

  it('refuses a file that is not an image, even one the picker let through', async () => {
    const calls = serveUpload(() => new HttpResponse(null, { status: 200 }));
    const { picker } = await openProfile();
    // "All files" in the system picker: the page's own check must still hold.
    const anything = userEvent.setup({ applyAccept: false, delay: null });
    await anything.upload(picker, image('notes.txt', 100, 'text/plain'));

    expect(await findToast('Invalid file type')).toHaveTextContent('Please select a JPG or PNG image.');
    expect(calls).toEqual([]);
  });

  it('shows the progress while storage takes the file, then checks it and sets the photo', async () => {
    const calls = serveUpload(async () => {
      await delay(300);
      return new HttpResponse(null, { status: 200, headers: { ETag: '"etag"' } });
    });
    const { user, picker } = await openProfile();
    await user.upload(picker, image());

    const progress = await screen.findByRole('progressbar', { name: 'Uploading avatar.png' });
    expect(progress).toHaveAttribute('aria-valuemin', '0');
    expect(screen.getByRole('button', { name: 'Cancel upload' })).toBeInTheDocument();
    // Stored: the bar is full while the api checks the file.
    expect(await screen.findByText('Checking the file')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    expect(await findToast('Profile picture updated!')).toBeInTheDocument();
    expect(calls).toEqual([
      `sign ${JSON.stringify({ kind: 'profile-photo', filename: 'avatar.png', contentType: 'image/png', size: 1024 })}`,
      'store',
      'check',
      'set',
    ]);
    // Done: the picker is back for the next photo.
    expect(screen.getByLabelText(/Profile photo/)).toBeInTheDocument();
  });

  it('a refused upload says why, and Try again lets the user send it again', async () => {
    let storageUp = false;
    const calls = serveUpload(() =>
      storageUp ? new HttpResponse(null, { status: 200 }) : new HttpResponse('expired', { status: 403 }),
    );
    const { user, picker } = await openProfile();
    await user.upload(picker, image());

    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Request has expired')).toBeInTheDocument();
    expect(calls).not.toContain('check');

    storageUp = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.upload(screen.getByLabelText(/Profile photo/), image());
    expect(await findToast('Profile picture updated!')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call === 'store')).toHaveLength(2));
  });
});
