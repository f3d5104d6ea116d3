import AwsS3 from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import { useEffect, useState } from 'react';
import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  ZMediaObject,
  ZStartUploadResponse,
  type MediaKind,
  type TMediaObject,
} from '@app/contracts';
import { apiPost, isApiError, serverMessageOr } from '@/lib/api-client';

export type UploadStatus = 'idle' | 'uploading' | 'paused' | 'checking' | 'done' | 'error';

export interface UploadProblem {
  title: string;
  description: string;
}

export interface MediaUpload {
  status: UploadStatus;
  /** 0-100 while uploading or paused. */
  progress: number;
  fileName: string | null;
  /** The checked object, once the api accepted it. */
  media: TMediaObject | null;
  problem: UploadProblem | null;
  /** Checks the file against the kind's limits (spec texts), then uploads it; returns the refusal, if any. */
  select(file: File): UploadProblem | null;
  pause(): void;
  resume(): void;
  /** Aborts the upload in flight (nothing reaches storage) and forgets the file. */
  cancel(): void;
  reset(): void;
}

/** docs/product.md §8 "Upload": the texts for a failed upload; a 4xx with a message from our api is shown as it is. */
function problemOf(error: unknown): UploadProblem {
  if (isApiError(error)) {
    if (error.status === 401) return { title: 'Upload failed', description: 'Authorization required' };
    return { title: 'Upload failed', description: serverMessageOr(error, 'Non 2xx') };
  }
  const status = (error as { status?: number } | null)?.status;
  if (status === 403) return { title: 'Upload failed', description: 'Request has expired' };
  if (typeof status === 'number') return { title: 'Upload failed', description: 'Non 2xx' };
  return { title: 'Upload failed', description: 'Unknown error' };
}

/**
 * Uppy with `@uppy/aws-s3` and our `signRequest`: the api signs a short-lived PUT under the user's
 * own prefix for each file and remembers it as an upload to check. One file at a time.
 */
function createUploader(kind: MediaKind) {
  let lastUploadId: string | null = null;
  const uppy = new Uppy({ autoProceed: false, restrictions: { maxNumberOfFiles: 1 } });
  uppy.use(AwsS3, {
    // Our files stay far below the 100 MB multipart threshold: one presigned PUT each.
    shouldUseMultipart: false,
    limit: 6,
    signRequest: async (request) => {
      if (request.method !== 'PUT' || 'uploadId' in request) {
        throw new Error('Cannot sign without a key, an uploadId, and a partNumber');
      }
      const file = uppy.getFiles()[0];
      const signed = ZStartUploadResponse.parse(
        await apiPost('/api/objects/upload', {
          kind,
          filename: file?.name ?? 'upload',
          contentType: request.contentType,
          size: file?.size ?? undefined,
        }),
      );
      lastUploadId = signed.uploadId;
      return { url: signed.uploadURL, key: signed.key, headers: signed.headers };
    },
  });
  return { uppy, lastUploadId: () => lastUploadId };
}

/**
 * One file, uploaded from the browser straight to object storage with Uppy, then checked by the api.
 * Each file is one PUT: pausing aborts it and resuming sends it again; cancelling aborts it, and
 * nothing is stored.
 */
export function useMediaUpload(kind: MediaKind): MediaUpload {
  const [status, setStatus] = useState<UploadStatus>('idle');
  const [progress, setProgress] = useState(0);
  const [fileName, setFileName] = useState<string | null>(null);
  const [media, setMedia] = useState<TMediaObject | null>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [{ uppy, lastUploadId }] = useState(() => createUploader(kind));
  const currentFileId = () => uppy.getFiles()[0]?.id;

  useEffect(() => {
    const onProgress = (
      _file: unknown,
      { bytesUploaded, bytesTotal }: { bytesUploaded: number; bytesTotal: number | null },
    ) => {
      if (bytesTotal) setProgress(Math.min(100, Math.round((bytesUploaded / bytesTotal) * 100)));
    };
    const onSuccess = () => {
      const id = lastUploadId();
      setStatus('checking');
      setProgress(100);
      apiPost(`/api/objects/${id}/complete`, {})
        .then((body) => {
          setMedia(ZMediaObject.parse(body));
          setStatus('done');
        })
        .catch((error: unknown) => {
          setProblem(problemOf(error));
          setStatus('error');
        })
        .finally(() => uppy.clear());
    };
    const onError = (_file: unknown, error: unknown) => {
      setProblem(problemOf((error as { cause?: unknown })?.cause ?? error));
      setStatus('error');
      // The failed file stays until "Try again" or the next file (both clear it): removing it here, while
      // Uppy is still finishing the run, made that run reject with a TypeError of its own.
    };
    uppy.on('upload-progress', onProgress);
    uppy.on('upload-success', onSuccess);
    uppy.on('upload-error', onError);
    return () => {
      uppy.off('upload-progress', onProgress);
      uppy.off('upload-success', onSuccess);
      uppy.off('upload-error', onError);
    };
  }, [uppy, lastUploadId]);

  // Leaving the page aborts an upload in flight (StrictMode mounts twice in development, so no destroy here).
  useEffect(() => () => uppy.cancelAll(), [uppy]);

  function clear() {
    uppy.cancelAll();
    setStatus('idle');
    setProgress(0);
    setFileName(null);
    setMedia(null);
    setProblem(null);
  }

  return {
    status,
    progress,
    fileName,
    media,
    problem,
    select(file) {
      const limits = MEDIA_LIMITS[kind];
      const messages = MEDIA_MESSAGES[kind];
      const family = kind === 'fan-video' ? 'video/' : 'image/';
      if (file.size > limits.maxSize) return { title: messages.tooLargeTitle, description: messages.tooLarge };
      if (!file.type.startsWith(family)) return { title: messages.invalidTypeTitle, description: messages.invalidType };
      clear();
      uppy.addFile({ name: file.name, type: file.type, data: file, source: 'Local' });
      setFileName(file.name);
      setStatus('uploading');
      void uppy.upload();
      return null;
    },
    pause() {
      const id = currentFileId();
      if (id && uppy.pauseResume(id) === true) setStatus('paused');
    },
    resume() {
      const id = currentFileId();
      if (id && uppy.pauseResume(id) === false) {
        setProgress(0);
        setStatus('uploading');
      }
    },
    cancel: clear,
    reset: clear,
  };
}
