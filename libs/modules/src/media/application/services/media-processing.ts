import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Injectable } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** Enough of a file's start for file-type to recognise every format we accept. */
export const SNIFF_BYTES = 4100;
/** Profile photos are stored at most this wide and high (spec: square, at least 400x400). */
const PHOTO_MAX_EDGE = 1024;

/**
 * What the api does to a file it received: tells its real type from its first bytes, re-encodes
 * photos and makes a poster frame for videos when ffmpeg is on the PATH.
 */
@Injectable()
export class MediaProcessing {
  private ffmpeg: string | null | undefined;

  async sniff(head: Buffer): Promise<string | null> {
    return (await fileTypeFromBuffer(head))?.mime ?? null;
  }

  /**
   * Decodes and re-encodes a photo: turned upright from its EXIF orientation, fitted in 1024x1024,
   * and written without any metadata (sharp drops EXIF, GPS location included, unless asked to keep
   * it). Null when the bytes do not decode as an image.
   */
  async reencodePhoto(input: Buffer, contentType: string): Promise<Buffer | null> {
    try {
      const image = sharp(input, { failOn: 'error' })
        .rotate()
        .resize(PHOTO_MAX_EDGE, PHOTO_MAX_EDGE, { fit: 'inside', withoutEnlargement: true });
      return contentType === 'image/png'
        ? await image.png({ compressionLevel: 9 }).toBuffer()
        : await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    } catch {
      return null;
    }
  }

  /** Poster frames need ffmpeg on the PATH (optional: without it videos play without a poster). */
  canMakePosters(): boolean {
    return this.findFfmpeg() !== null;
  }

  /** A JPEG frame from half a second into the video, or null without ffmpeg (optional) or on failure. */
  async posterFrame(video: Buffer): Promise<Buffer | null> {
    const ffmpeg = this.findFfmpeg();
    if (!ffmpeg) return null;
    const dir = await mkdtemp(path.join(tmpdir(), 'payola-poster-'));
    try {
      const input = path.join(dir, 'input');
      const output = path.join(dir, 'poster.jpg');
      await writeFile(input, video);
      const ok = await new Promise<boolean>((resolve) => {
        const child = spawn(
          ffmpeg,
          ['-v', 'error', '-ss', '0.5', '-i', input, '-frames:v', '1', '-vf', 'scale=640:-2', '-y', output],
          { stdio: 'ignore', timeout: 20_000 },
        );
        child.on('error', () => resolve(false));
        child.on('exit', (code) => resolve(code === 0));
      });
      return ok ? await readFile(output).catch(() => null) : null;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private findFfmpeg(): string | null {
    if (this.ffmpeg === undefined) {
      const found = spawnSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' }).stdout.trim();
      this.ffmpeg = found || null;
    }
    return this.ffmpeg;
  }
}
